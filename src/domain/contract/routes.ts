/**
 * Every route the server serves under /api, as (method, path, params, query, body, reply): the list the
 * OpenAPI document (openapi.ts, GET /api/openapi.json) is generated from, and tests/server/openapi.test.ts
 * fails when the server serves a route this list does not have, or the other way round. Paths are
 * relative to /api, with Fastify's `:param` syntax. `reply` is the success body; every route may also
 * answer an `apiErrorBodySchema` (SPEC §8).
 *
 * Only `method`, `path` and `reply` are required; the rest say what differs from the usual route: a
 * status other than 200, who may call it (by default a signed-in user's access token or API key), the
 * Idempotency-Key header on a POST that creates, bodies that are not JSON, and the reference page's
 * words (a route without a summary or tag gets one from its path). The live socket (/ws) is not HTTP
 * and is not described here.
 */
import type * as z from 'zod/mini';
import {
  accountSchema,
  accountUserReplySchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  deleteAccountBodySchema,
  emailChangeReplySchema,
  updateNameBodySchema,
} from './account.ts';
import {
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenPairSchema,
  userSchema,
} from '../auth.ts';
import {
  creationTrendsSchema,
  dashboardOverviewSchema,
  errorAnalysisSchema,
  executionsOverviewSchema,
  executionsPerformanceSchema,
  executionsTimelineSchema,
  pieceUsageSchema,
  recentActivitySchema,
  topPerformingSchema,
  workflowsOverviewSchema,
} from './analytics.ts';
import {
  autosaveBodySchema,
  bucketsQuerySchema,
  periodQuerySchema,
  recentActivityQuerySchema,
  topPerformingQuerySchema,
  createTemplateBodySchema,
  templateListQuerySchema,
  updateTemplateBodySchema,
  createVariableBodySchema,
  createVersionBodySchema,
  createWorkflowBodySchema,
  executionsQuerySchema,
  importWorkflowBodySchema,
  logoutAllBodySchema,
  optionsBodySchema,
  publishBodySchema,
  renameVersionBodySchema,
  runBodySchema,
  sampleBodySchema,
  updateWorkflowBodySchema,
  variableListQuerySchema,
  versionParamsSchema,
  webhookBodySchema,
  webhookParamsSchema,
  workflowListQuerySchema,
  workflowStatusBodySchema,
} from './requests.ts';
import { apiKeyListSchema, createdApiKeySchema } from './api-keys.ts';
import { createApiKeyBodySchema } from './requests.ts';
import {
  connectionListSchema,
  connectionSchema,
  connectionTestReplySchema,
  connectionUsageSchema,
  updateConnectionBodySchema,
} from './connections.ts';
import { createConnectionBodySchema, deleteConnectionQuerySchema, testConnectionBodySchema } from './requests.ts';
import { openApiDocumentReplySchema } from './api-document.ts';
import { retryRunBodySchema, runDetailSchema, runPageSchema } from './runs.ts';
import { deleteRunsBodySchema, deleteRunsReplySchema } from './runs.ts';
import { markedAllSchema, markNotificationBodySchema, notificationListSchema, notificationSchema } from './notifications.ts';
import { scheduleListSchema } from './schedules.ts';
import {
  forgotPasswordReplySchema,
  healthReplySchema,
  registerReplySchema,
  resetPasswordReplySchema,
  webhookRunReplySchema,
} from './service-replies.ts';
import { pieceOptionsReplySchema, stepSamplesReplySchema, stepTestResultSchema, webhookUrlReplySchema } from './steps.ts';
import { templateListSchema, templateSchema, templateSummarySchema } from './templates.ts';
import { successReplySchema, updateVariableBodySchema, variableListSchema, variableSchema } from './variables.ts';
import { idParamsSchema } from './wire.ts';
import { folderDeletedSchema, folderListSchema, folderSchema } from './folders.ts';
import { createFolderBodySchema, updateFolderBodySchema } from './requests.ts';
import {
  balanceTransactionPageSchema,
  billingOverviewSchema,
  invoiceAddressBodySchema,
  invoiceAddressListSchema,
  invoiceAddressSchema,
  invoicePageSchema,
} from './billing.ts';
import { billingPageQuerySchema } from './requests.ts';
import { autosaveQuerySchema, versionFormQuerySchema } from './version-form.ts';
import { workflowBulkReplySchema } from './workflow-list.ts';
import { workflowBulkBodySchema } from './workflow-list-requests.ts';
import { systemInfoSchema } from './system.ts';
import {
  autosaveReplySchema,
  publishReplySchema,
  versionListSchema,
  versionReplySchema,
  workflowPageSchema,
  workflowStatusReplySchema,
  workflowWithVersionSchema,
} from './workflows.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. By default (no `access`): a signed-in user, with an access token or one of their
 * API keys as the bearer. `session`: an access token only, never an API key (signing out, the account,
 * the keys themselves). `optional`: anyone, a signed-in caller sees more. `public`: anyone.
 */
export type RouteAccess = 'session' | 'optional' | 'public';

export interface ContractRoute {
  method: HttpMethod;
  path: string;
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  reply: z.core.$ZodType;
  /** 201 for the routes that create, 202 for those that queue a run; 200 otherwise. */
  status?: 201 | 202;
  access?: RouteAccess;
  /** A POST that creates and takes the Idempotency-Key header: a retry answers the first result. */
  idempotent?: true;
  /** The body's media types when it is not only JSON. */
  bodyTypes?: readonly string[];
  /** One line for the reference page. */
  summary?: string;
  /** The reference page's group (else one named after the path's first segment). */
  tag?: string;
}

const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const contractRoutes = [
  // ---- service ----
  { method: 'GET', path: '/health', reply: healthReplySchema, access: 'public', tag: 'Service', summary: 'Check that the server answers' },
  { method: 'GET', path: '/openapi.json', reply: openApiDocumentReplySchema, access: 'public', tag: 'Service', summary: 'This document (OpenAPI 3.1)' },
  // ---- auth (SPEC §7; never an API key) ----
  { method: 'POST', path: '/auth/register', body: registerRequestSchema, reply: registerReplySchema, status: 201, access: 'public', tag: 'Auth', summary: 'Create an account' },
  { method: 'POST', path: '/auth/login', body: loginRequestSchema, reply: loginResponseSchema, access: 'public', tag: 'Auth', summary: 'Sign in with email and password' },
  { method: 'POST', path: '/auth/google', body: googleLoginRequestSchema, reply: loginResponseSchema, access: 'public', tag: 'Auth', summary: 'Sign in with a Google ID token' },
  { method: 'POST', path: '/auth/refresh', body: refreshRequestSchema, reply: tokenPairSchema, access: 'public', tag: 'Auth', summary: 'Trade a refresh token for a new token pair' },
  { method: 'POST', path: '/auth/forgot-password', body: forgotPasswordRequestSchema, reply: forgotPasswordReplySchema, access: 'public', tag: 'Auth', summary: 'Mail a password reset link' },
  { method: 'POST', path: '/auth/reset-password', body: resetPasswordRequestSchema, reply: resetPasswordReplySchema, access: 'public', tag: 'Auth', summary: 'Set a new password with a reset token' },
  { method: 'POST', path: '/auth/logout', body: logoutRequestSchema, reply: successReplySchema, access: 'session', tag: 'Auth', summary: 'Sign out this session' },
  { method: 'POST', path: '/auth/logout-all', body: logoutAllBodySchema, reply: successReplySchema, access: 'session', tag: 'Auth', summary: 'Sign out of all devices' },
  { method: 'GET', path: '/profile', reply: userSchema, tag: 'Auth', summary: 'The signed-in user' },
  // ---- workflows ----
  { method: 'GET', path: '/workflow/paginate', query: workflowListQuerySchema, reply: workflowPageSchema, tag: 'Workflows', summary: 'List workflows, a page at a time' },
  { method: 'POST', path: '/workflow', body: createWorkflowBodySchema, reply: workflowWithVersionSchema, status: 201, idempotent: true, tag: 'Workflows', summary: 'Create a workflow' },
  { method: 'POST', path: '/workflow/import', body: importWorkflowBodySchema, reply: workflowWithVersionSchema, status: 201, idempotent: true, tag: 'Workflows', summary: 'Import a flow file (ours or an Activepieces export)' },
  { method: 'POST', path: '/workflow/:id/duplicate', params: idParamsSchema, reply: workflowWithVersionSchema, status: 201, idempotent: true, tag: 'Workflows', summary: 'Duplicate a workflow' },
  { method: 'GET', path: '/workflow/:id', params: idParamsSchema, query: versionFormQuerySchema, reply: workflowWithVersionSchema, tag: 'Workflows', summary: 'A workflow with its current version' },
  { method: 'PUT', path: '/workflow', body: updateWorkflowBodySchema, reply: workflowWithVersionSchema, tag: 'Workflows', summary: 'Rename or move a workflow' },
  { method: 'DELETE', path: '/workflow/:id', params: idParamsSchema, reply: successReplySchema, tag: 'Workflows', summary: 'Delete a workflow with its versions and runs' },
  { method: 'PUT', path: '/workflow/status', body: workflowStatusBodySchema, reply: workflowStatusReplySchema, tag: 'Workflows', summary: 'Enable or disable a workflow' },
  { method: 'POST', path: '/workflow/bulk', body: workflowBulkBodySchema, reply: workflowBulkReplySchema, tag: 'Workflows', summary: 'Enable, disable, delete or move up to 100 workflows' },
  // ---- versions ----
  { method: 'GET', path: '/workflow/:id/versions', params: idParamsSchema, reply: versionListSchema, tag: 'Versions', summary: "A workflow's versions, newest first" },
  { method: 'GET', path: '/workflow/:id/versions/:versionId', params: versionParamsSchema, query: versionFormQuerySchema, reply: versionReplySchema, tag: 'Versions', summary: 'One version in full' },
  { method: 'POST', path: '/workflow/version', query: versionFormQuerySchema, body: createVersionBodySchema, reply: versionReplySchema, status: 201, tag: 'Versions', summary: "Make the workflow's draft, empty or from a version" },
  { method: 'PUT', path: '/workflow/version', query: versionFormQuerySchema, body: renameVersionBodySchema, reply: versionReplySchema, tag: 'Versions', summary: 'Rename a version' },
  { method: 'POST', path: '/workflow/version/autosave', query: autosaveQuerySchema, body: autosaveBodySchema, reply: autosaveReplySchema, tag: 'Versions', summary: "Save the draft's whole trigger chain (configuration flat, or nested as SPEC §7)" },
  { method: 'POST', path: '/workflow/publish', query: versionFormQuerySchema, body: publishBodySchema, reply: publishReplySchema, tag: 'Versions', summary: 'Publish a version' },
  // ---- runs ----
  { method: 'POST', path: '/workflow/run/:id', params: idParamsSchema, body: runBodySchema, reply: runDetailSchema, status: 202, idempotent: true, tag: 'Runs', summary: 'Start a run (queued)' },
  { method: 'GET', path: '/workflow/executions', query: executionsQuerySchema, reply: runPageSchema, tag: 'Runs', summary: 'List runs, a page at a time' },
  { method: 'GET', path: '/workflow/execution/:id', params: idParamsSchema, reply: runDetailSchema, tag: 'Runs', summary: 'One run with its step-by-step record' },
  { method: 'POST', path: '/workflow/execution/:id/retry', params: idParamsSchema, body: retryRunBodySchema, reply: runDetailSchema, status: 202, idempotent: true, tag: 'Runs', summary: 'Retry a finished run from its failed step, or run it again on the latest version' },
  // issue 17: deleting runs
  { method: 'DELETE', path: '/workflow/execution/:id', params: idParamsSchema, reply: successReplySchema, tag: 'Runs', summary: 'Delete a finished run (409 while it is still going)' },
  { method: 'POST', path: '/workflow/executions/delete', body: deleteRunsBodySchema, reply: deleteRunsReplySchema, tag: 'Runs', summary: 'Delete up to 100 finished runs; says which were deleted, still going or not found' },
  // issue 17: notifications kept on the server
  { method: 'GET', path: '/notifications', reply: notificationListSchema, tag: 'Notifications', summary: 'The bell’s notifications, the newest 100, with their read state' },
  { method: 'PUT', path: '/notifications/:id', params: idParamsSchema, body: markNotificationBodySchema, reply: notificationSchema, tag: 'Notifications', summary: 'Mark a notification read or unread' },
  { method: 'POST', path: '/notifications/read-all', reply: markedAllSchema, tag: 'Notifications', summary: 'Mark every notification read' },
  { method: 'GET', path: '/workflow/schedules', reply: scheduleListSchema, tag: 'Runs', summary: 'The workflows that run on a schedule' },
  // ---- steps (the editor's engine calls) ----
  { method: 'POST', path: '/workflow/sample', body: sampleBodySchema, reply: stepTestResultSchema, tag: 'Steps', summary: 'Test one step (its result becomes its sample)' },
  { method: 'GET', path: '/workflow/:id/samples', params: idParamsSchema, reply: stepSamplesReplySchema, tag: 'Steps', summary: "The latest sample of each of a workflow's steps" },
  { method: 'POST', path: '/workflow/options', body: optionsBodySchema, reply: pieceOptionsReplySchema, tag: 'Steps', summary: 'The choices of a piece input with dynamic options' },
  // ---- webhooks ----
  { method: 'GET', path: '/workflow/:id/webhook', params: idParamsSchema, reply: webhookUrlReplySchema, tag: 'Webhooks', summary: "The secret URL of a workflow's Webhook trigger" },
  ...WEBHOOK_METHODS.map((method) => ({
    method,
    path: '/webhooks/:secret',
    params: webhookParamsSchema,
    body: webhookBodySchema,
    bodyTypes: ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
    reply: webhookRunReplySchema,
    status: 202 as const,
    access: 'public' as const,
    tag: 'Webhooks',
    summary: 'Start a run of the enabled workflow listening here (the secret is the credential)',
  })),
  // ---- variables ----
  { method: 'GET', path: '/variables', query: variableListQuerySchema, reply: variableListSchema, tag: 'Variables', summary: "The global variables, or a workflow's own" },
  { method: 'POST', path: '/variables', body: createVariableBodySchema, reply: variableSchema, status: 201, idempotent: true, tag: 'Variables', summary: 'Create a variable' },
  { method: 'GET', path: '/variables/:id', params: idParamsSchema, reply: variableSchema, tag: 'Variables', summary: 'One variable (a sensitive one without its value)' },
  { method: 'PUT', path: '/variables/:id', params: idParamsSchema, body: updateVariableBodySchema, reply: variableSchema, tag: 'Variables', summary: 'Change a variable' },
  { method: 'DELETE', path: '/variables/:id', params: idParamsSchema, reply: successReplySchema, tag: 'Variables', summary: 'Delete a variable' },
  // ---- folders (issue 16) ----
  { method: 'GET', path: '/folders', reply: folderListSchema, tag: 'Folders', summary: 'Your folders with their workflow counts, and the counts of all and uncategorized workflows' },
  { method: 'POST', path: '/folders', body: createFolderBodySchema, reply: folderSchema, status: 201, tag: 'Folders', summary: 'Create a folder' },
  { method: 'PUT', path: '/folders/:id', params: idParamsSchema, body: updateFolderBodySchema, reply: folderSchema, tag: 'Folders', summary: 'Rename a folder' },
  { method: 'DELETE', path: '/folders/:id', params: idParamsSchema, reply: folderDeletedSchema, tag: 'Folders', summary: 'Delete a folder; its workflows move to no folder' },
  // ---- analytics (SPEC §7, defaults per call) ----
  { method: 'GET', path: '/analytics/dashboard/overview', query: periodQuerySchema('30d'), reply: dashboardOverviewSchema, tag: 'Analytics', summary: "The dashboard's figures for a period" },
  { method: 'GET', path: '/analytics/workflows/overview', query: periodQuerySchema('30d'), reply: workflowsOverviewSchema, tag: 'Analytics', summary: 'Workflow counts for a period' },
  { method: 'GET', path: '/analytics/workflows/creation-trends', query: bucketsQuerySchema('30d', 'day'), reply: creationTrendsSchema, tag: 'Analytics', summary: 'Workflows created per bucket' },
  { method: 'GET', path: '/analytics/workflows/top-performing', query: topPerformingQuerySchema, reply: topPerformingSchema, tag: 'Analytics', summary: 'The workflows that ran most (or best)' },
  { method: 'GET', path: '/analytics/workflows/piece-usage', query: periodQuerySchema('30d'), reply: pieceUsageSchema, tag: 'Analytics', summary: 'How often each piece is used' },
  { method: 'GET', path: '/analytics/executions/overview', query: periodQuerySchema('30d'), reply: executionsOverviewSchema, tag: 'Analytics', summary: 'Run counts and success rate for a period' },
  { method: 'GET', path: '/analytics/executions/timeline', query: bucketsQuerySchema('7d', 'hour'), reply: executionsTimelineSchema, tag: 'Analytics', summary: 'Runs per bucket, by outcome' },
  { method: 'GET', path: '/analytics/executions/performance', query: periodQuerySchema('7d'), reply: executionsPerformanceSchema, tag: 'Analytics', summary: 'Run durations for a period' },
  { method: 'GET', path: '/analytics/executions/error-analysis', query: periodQuerySchema('30d'), reply: errorAnalysisSchema, tag: 'Analytics', summary: 'Failed runs by error' },
  { method: 'GET', path: '/analytics/activity/recent', query: recentActivityQuerySchema, reply: recentActivitySchema, tag: 'Analytics', summary: 'The newest activity entries' },
  // ---- templates ----
  { method: 'POST', path: '/templates', body: createTemplateBodySchema, reply: templateSchema, status: 201, idempotent: true, tag: 'Templates', summary: 'Make a template of a workflow' },
  { method: 'GET', path: '/templates', query: templateListQuerySchema, reply: templateListSchema, tag: 'Templates', summary: 'Your templates and public ones, a page at a time' },
  { method: 'GET', path: '/templates/:id', params: idParamsSchema, reply: templateSchema, access: 'optional', tag: 'Templates', summary: 'One template (a public one for anyone)' },
  { method: 'POST', path: '/templates/:id/use', params: idParamsSchema, reply: workflowWithVersionSchema, status: 201, idempotent: true, tag: 'Templates', summary: 'Create a workflow from a template' },
  { method: 'PATCH', path: '/templates/:id', params: idParamsSchema, body: updateTemplateBodySchema, reply: templateSummarySchema, tag: 'Templates', summary: 'Change your template' },
  { method: 'DELETE', path: '/templates/:id', params: idParamsSchema, reply: successReplySchema, tag: 'Templates', summary: 'Delete a template' },
  // ---- system and billing ----
  { method: 'GET', path: '/system', reply: systemInfoSchema, tag: 'System', summary: 'Version, database kind, engine limits, queue depth and workers' },
  { method: 'GET', path: '/billing', reply: billingOverviewSchema, tag: 'Billing', summary: 'Your plan and this period’s usage' },
  { method: 'GET', path: '/billing/invoices', query: billingPageQuerySchema, reply: invoicePageSchema, tag: 'Billing', summary: 'Billing history, a page' },
  { method: 'GET', path: '/billing/balance-transactions', query: billingPageQuerySchema, reply: balanceTransactionPageSchema, tag: 'Billing', summary: 'Balance transactions, a page' },
  { method: 'GET', path: '/billing/invoice-addresses', reply: invoiceAddressListSchema, tag: 'Billing', summary: 'Your invoice addresses' },
  { method: 'POST', path: '/billing/invoice-addresses', body: invoiceAddressBodySchema, reply: invoiceAddressSchema, status: 201, tag: 'Billing', summary: 'Add an invoice address' },
  { method: 'GET', path: '/billing/invoice-addresses/:id', params: idParamsSchema, reply: invoiceAddressSchema, tag: 'Billing', summary: 'One invoice address' },
  { method: 'PUT', path: '/billing/invoice-addresses/:id', params: idParamsSchema, body: invoiceAddressBodySchema, reply: invoiceAddressSchema, tag: 'Billing', summary: 'Change an invoice address' },
  { method: 'DELETE', path: '/billing/invoice-addresses/:id', params: idParamsSchema, reply: successReplySchema, tag: 'Billing', summary: 'Delete an invoice address' },
  // ---- API keys (a signed-in session only: never an API key) ----
  { method: 'GET', path: '/api-keys', reply: apiKeyListSchema, access: 'session', tag: 'API keys', summary: 'Your API keys (never their secrets)' },
  { method: 'POST', path: '/api-keys', body: createApiKeyBodySchema, reply: createdApiKeySchema, status: 201, access: 'session', tag: 'API keys', summary: 'Create an API key (the secret is in this reply only)' },
  { method: 'DELETE', path: '/api-keys/:id', params: idParamsSchema, reply: successReplySchema, access: 'session', tag: 'API keys', summary: 'Revoke an API key' },
  // ---- account (a signed-in session only, never an API key) ----
  { method: 'GET', path: '/account', reply: accountSchema, access: 'session', tag: 'Account', summary: 'Your account and any email change waiting for its link' },
  { method: 'PUT', path: '/account/name', body: updateNameBodySchema, reply: accountUserReplySchema, access: 'session', tag: 'Account', summary: 'Change your name' },
  { method: 'POST', path: '/account/email', body: changeEmailBodySchema, reply: emailChangeReplySchema, access: 'session', tag: 'Account', summary: 'Ask to change your email (a link goes to the new address)' },
  { method: 'POST', path: '/account/email/confirm', body: confirmEmailBodySchema, reply: accountUserReplySchema, access: 'session', tag: 'Account', summary: 'Confirm an email change with its link’s token' },
  { method: 'PUT', path: '/account/password', body: changePasswordBodySchema, reply: tokenPairSchema, access: 'session', tag: 'Account', summary: 'Change your password (other sessions end)' },
  { method: 'POST', path: '/account/delete', body: deleteAccountBodySchema, reply: successReplySchema, access: 'session', tag: 'Account', summary: 'Delete your account and everything in it' },
  // ---- connections ----
  { method: 'GET', path: '/connections', reply: connectionListSchema, tag: 'Connections', summary: 'Your connections (never their secrets)' },
  { method: 'POST', path: '/connections', body: createConnectionBodySchema, reply: connectionSchema, status: 201, tag: 'Connections', summary: 'Create a connection' },
  { method: 'GET', path: '/connections/:id', params: idParamsSchema, reply: connectionSchema, tag: 'Connections', summary: 'One connection' },
  { method: 'PUT', path: '/connections/:id', params: idParamsSchema, body: updateConnectionBodySchema, reply: connectionSchema, tag: 'Connections', summary: 'Change a connection (secret fields left out are kept)' },
  { method: 'DELETE', path: '/connections/:id', params: idParamsSchema, query: deleteConnectionQuerySchema, reply: successReplySchema, tag: 'Connections', summary: 'Delete a connection (force=true when steps use it)' },
  { method: 'GET', path: '/connections/:id/usage', params: idParamsSchema, reply: connectionUsageSchema, tag: 'Connections', summary: 'The workflows whose steps use a connection' },
  { method: 'POST', path: '/connections/:id/test', params: idParamsSchema, body: testConnectionBodySchema, reply: connectionTestReplySchema, tag: 'Connections', summary: 'Send a GET with a connection’s credentials' },
] as const satisfies readonly ContractRoute[];
