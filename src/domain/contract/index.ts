/**
 * The API's contract: every request and reply shape of the workflow, run, variable and template routes,
 * and the limits both sides check, as plain named zod/mini schemas (types are their z.infer). The server
 * parses requests with them (server/http/validate.ts), src/api parses replies and checks form requests
 * with them, and the editor worker reads the workflow with them. `contractRoutes` lists them per route.
 *
 * Modules: text.ts (text a person types) and wire.ts (ids, paging, instants); per resource, the limits,
 * the typed fields and the replies (workflows.ts, variables.ts, templates.ts, runs.ts); requests.ts, the
 * bodies and queries the server parses. The browser imports the resource modules directly and never
 * requests.ts or wire.ts, so the checks only the server runs cost the pages nothing.
 */
export * from './field-errors.ts';
export * from './text.ts';
export * from './wire.ts';
export * from './workflows.ts';
export * from './workflow-list.ts';
export * from './workflow-list-requests.ts';
export * from './runs.ts';
export * from './variables.ts';
export * from './templates.ts';
export * from './analytics.ts';
export * from './countries.ts';
export * from './vat.ts';
export * from './system.ts';
export * from './billing.ts';
export * from './api-keys.ts';
export * from './idempotency.ts';
export * from './account.ts';
export * from './connections.ts';
export * from './steps.ts';
export * from './schedules.ts';
export * from './service-replies.ts';
export * from './api-document.ts';
export * from './requests.ts';
export * from './routes.ts';
