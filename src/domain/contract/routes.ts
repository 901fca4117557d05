/**
 * The routes whose shapes this contract holds, as (method, path, params, query, body, reply): the list the
 * OpenAPI document is to be generated from. Paths are relative to /api, with Fastify's `:param` syntax.
 * `reply` is the success body; every route may also answer an `apiErrorBodySchema` (SPEC §8).
 *
 * Routes of the auth service use the schemas of ../auth.ts; the run engine's own routes
 * (server/engine/routes.ts) and the live socket are not described here yet.
 */
import type * as z from 'zod/mini';
import { tokenPairSchema } from '../auth.ts';
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
  createVariableBodySchema,
  createVersionBodySchema,
  createWorkflowBodySchema,
  executionsQuerySchema,
  importWorkflowBodySchema,
  publishBodySchema,
  renameVersionBodySchema,
  updateWorkflowBodySchema,
  variableListQuerySchema,
  versionParamsSchema,
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
import { runDetailSchema, runPageSchema } from './runs.ts';
import { templateListSchema, templateSchema } from './templates.ts';
import { successReplySchema, updateVariableBodySchema, variableListSchema, variableSchema } from './variables.ts';
import { idParamsSchema } from './wire.ts';
import {
  balanceTransactionPageSchema,
  billingOverviewSchema,
  invoiceAddressBodySchema,
  invoiceAddressListSchema,
  invoiceAddressSchema,
  invoicePageSchema,
} from './billing.ts';
import { billingPageQuerySchema } from './requests.ts';
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ContractRoute {
  method: HttpMethod;
  path: string;
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  reply: z.core.$ZodType;
  /** 201 for the routes that create; 200 otherwise. */
  status?: 201;
}

export const contractRoutes = [
  // ---- workflows ----
  { method: 'GET', path: '/workflow/paginate', query: workflowListQuerySchema, reply: workflowPageSchema },
  { method: 'POST', path: '/workflow', body: createWorkflowBodySchema, reply: workflowWithVersionSchema, status: 201 },
  { method: 'POST', path: '/workflow/import', body: importWorkflowBodySchema, reply: workflowWithVersionSchema, status: 201 },
  { method: 'POST', path: '/workflow/:id/duplicate', params: idParamsSchema, reply: workflowWithVersionSchema, status: 201 },
  { method: 'GET', path: '/workflow/:id', params: idParamsSchema, reply: workflowWithVersionSchema },
  { method: 'PUT', path: '/workflow', body: updateWorkflowBodySchema, reply: workflowWithVersionSchema },
  { method: 'DELETE', path: '/workflow/:id', params: idParamsSchema, reply: successReplySchema },
  { method: 'GET', path: '/workflow/:id/versions', params: idParamsSchema, reply: versionListSchema },
  { method: 'GET', path: '/workflow/:id/versions/:versionId', params: versionParamsSchema, reply: versionReplySchema },
  { method: 'POST', path: '/workflow/version', body: createVersionBodySchema, reply: versionReplySchema, status: 201 },
  { method: 'PUT', path: '/workflow/version', body: renameVersionBodySchema, reply: versionReplySchema },
  { method: 'PUT', path: '/workflow/status', body: workflowStatusBodySchema, reply: workflowStatusReplySchema },
  { method: 'POST', path: '/workflow/version/autosave', body: autosaveBodySchema, reply: autosaveReplySchema },
  { method: 'POST', path: '/workflow/publish', body: publishBodySchema, reply: publishReplySchema },
  // ---- runs ----
  { method: 'GET', path: '/workflow/executions', query: executionsQuerySchema, reply: runPageSchema },
  { method: 'GET', path: '/workflow/execution/:id', params: idParamsSchema, reply: runDetailSchema },
  // ---- variables ----
  { method: 'GET', path: '/variables', query: variableListQuerySchema, reply: variableListSchema },
  { method: 'POST', path: '/variables', body: createVariableBodySchema, reply: variableSchema, status: 201 },
  { method: 'GET', path: '/variables/:id', params: idParamsSchema, reply: variableSchema },
  { method: 'PUT', path: '/variables/:id', params: idParamsSchema, body: updateVariableBodySchema, reply: variableSchema },
  { method: 'DELETE', path: '/variables/:id', params: idParamsSchema, reply: successReplySchema },
  // ---- analytics (SPEC §7, defaults per call) ----
  { method: 'GET', path: '/analytics/dashboard/overview', query: periodQuerySchema('30d'), reply: dashboardOverviewSchema },
  { method: 'GET', path: '/analytics/workflows/overview', query: periodQuerySchema('30d'), reply: workflowsOverviewSchema },
  { method: 'GET', path: '/analytics/workflows/creation-trends', query: bucketsQuerySchema('30d', 'day'), reply: creationTrendsSchema },
  { method: 'GET', path: '/analytics/workflows/top-performing', query: topPerformingQuerySchema, reply: topPerformingSchema },
  { method: 'GET', path: '/analytics/workflows/piece-usage', query: periodQuerySchema('30d'), reply: pieceUsageSchema },
  { method: 'GET', path: '/analytics/executions/overview', query: periodQuerySchema('30d'), reply: executionsOverviewSchema },
  { method: 'GET', path: '/analytics/executions/timeline', query: bucketsQuerySchema('7d', 'hour'), reply: executionsTimelineSchema },
  { method: 'GET', path: '/analytics/executions/performance', query: periodQuerySchema('7d'), reply: executionsPerformanceSchema },
  { method: 'GET', path: '/analytics/executions/error-analysis', query: periodQuerySchema('30d'), reply: errorAnalysisSchema },
  { method: 'GET', path: '/analytics/activity/recent', query: recentActivityQuerySchema, reply: recentActivitySchema },
  // ---- templates ----
  { method: 'POST', path: '/templates', body: createTemplateBodySchema, reply: templateSchema, status: 201 },
  { method: 'GET', path: '/templates', reply: templateListSchema },
  { method: 'GET', path: '/templates/:id', params: idParamsSchema, reply: templateSchema },
  { method: 'POST', path: '/templates/:id/use', params: idParamsSchema, reply: workflowWithVersionSchema, status: 201 },
  { method: 'DELETE', path: '/templates/:id', params: idParamsSchema, reply: successReplySchema },
  // ---- system and billing (issue 14) ----
  { method: 'GET', path: '/system', reply: systemInfoSchema },
  { method: 'GET', path: '/billing', reply: billingOverviewSchema },
  { method: 'GET', path: '/billing/invoices', query: billingPageQuerySchema, reply: invoicePageSchema },
  { method: 'GET', path: '/billing/balance-transactions', query: billingPageQuerySchema, reply: balanceTransactionPageSchema },
  { method: 'GET', path: '/billing/invoice-addresses', reply: invoiceAddressListSchema },
  { method: 'POST', path: '/billing/invoice-addresses', body: invoiceAddressBodySchema, reply: invoiceAddressSchema, status: 201 },
  { method: 'GET', path: '/billing/invoice-addresses/:id', params: idParamsSchema, reply: invoiceAddressSchema },
  { method: 'PUT', path: '/billing/invoice-addresses/:id', params: idParamsSchema, body: invoiceAddressBodySchema, reply: invoiceAddressSchema },
  { method: 'DELETE', path: '/billing/invoice-addresses/:id', params: idParamsSchema, reply: successReplySchema },
  // ---- API keys (a signed-in session only: never an API key) ----
  { method: 'GET', path: '/api-keys', reply: apiKeyListSchema },
  { method: 'POST', path: '/api-keys', body: createApiKeyBodySchema, reply: createdApiKeySchema, status: 201 },
  { method: 'DELETE', path: '/api-keys/:id', params: idParamsSchema, reply: successReplySchema },
  // ---- account (a signed-in session only, never an API key) ----
  { method: 'GET', path: '/account', reply: accountSchema },
  { method: 'PUT', path: '/account/name', body: updateNameBodySchema, reply: accountUserReplySchema },
  { method: 'POST', path: '/account/email', body: changeEmailBodySchema, reply: emailChangeReplySchema },
  { method: 'POST', path: '/account/email/confirm', body: confirmEmailBodySchema, reply: accountUserReplySchema },
  { method: 'PUT', path: '/account/password', body: changePasswordBodySchema, reply: tokenPairSchema },
  { method: 'POST', path: '/account/delete', body: deleteAccountBodySchema, reply: successReplySchema },
  // ---- connections ----
  { method: 'GET', path: '/connections', reply: connectionListSchema },
  { method: 'POST', path: '/connections', body: createConnectionBodySchema, reply: connectionSchema, status: 201 },
  { method: 'GET', path: '/connections/:id', params: idParamsSchema, reply: connectionSchema },
  { method: 'PUT', path: '/connections/:id', params: idParamsSchema, body: updateConnectionBodySchema, reply: connectionSchema },
  { method: 'DELETE', path: '/connections/:id', params: idParamsSchema, query: deleteConnectionQuerySchema, reply: successReplySchema },
  { method: 'GET', path: '/connections/:id/usage', params: idParamsSchema, reply: connectionUsageSchema },
  { method: 'POST', path: '/connections/:id/test', params: idParamsSchema, body: testConnectionBodySchema, reply: connectionTestReplySchema },
] as const satisfies readonly ContractRoute[];
