/**
 * Running workflows and testing steps (SPEC §7: POST /workflow/run/{id}, /workflow/sample,
 * /workflow/options), plus the reads the editor needs around them: a workflow's stored step samples and
 * its webhook URL. Replies are checked with zod here, at the trust boundary; a refusal is an ApiError
 * whose `serverMessage` is the server's sentence ('Daily run quota reached'), shown as it is.
 *
 * A started run answers in the shape of GET /workflow/execution/{id} (executions-api's `runDetailSchema`),
 * so the caller can put it straight into the run's query cache and poll from there.
 *
 * Query keys: ['workflow-samples', flowId], ['workflow-webhook', flowId], ['piece-options', request].
 * Runs themselves stay under ['executions'] (executions-api.ts), so one invalidation refreshes every list.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { authenticatedClient } from './clients.ts';
import { retryUnlessClientError, runDetailSchema, type RunDetail } from './executions-api.ts';
import type { HttpClient } from './http-client.ts';
import {
  pieceOptionsReplySchema,
  stepSamplesReplySchema,
  stepTestResultSchema,
  webhookUrlReplySchema,
  type PieceOption,
  type StepSample,
  type StepTestResult,
} from '../domain/contract/steps.ts';

export { pieceOptionSchema, stepSampleSchema, stepTestResultSchema, testStatusSchema } from '../domain/contract/steps.ts';
export type { PieceOption, StepSample, StepTestResult } from '../domain/contract/steps.ts';
export type StepSamples = Record<string, StepSample>;

/** The trigger's sample is stored under this step name. */
export const TRIGGER_SAMPLE = 'trigger';

export interface StartRunInput {
  flowId: string;
  /** The version to run; without it the server runs the published version, else the latest. */
  versionId?: string | undefined;
  /** What the trigger hands the steps; without it the server uses the trigger's saved sample data. */
  payload?: unknown;
}

export interface TestStepInput {
  workflowId: string;
  versionId: string;
  /** A CODE or PIECE step, or 'trigger' to save `input` as the trigger's sample. */
  stepName: string;
  input?: Record<string, unknown> | undefined;
}

export interface PieceOptionsRequest {
  pieceName: string;
  actionName?: string | undefined;
  triggerName?: string | undefined;
  propertyName: string;
  search?: string | undefined;
}

export function createRunsApi(http: HttpClient) {
  return {
    async start({ flowId, versionId, payload }: StartRunInput): Promise<RunDetail> {
      const body = { payload, version_id: versionId };
      return runDetailSchema.parse(await http.request(`/workflow/run/${encodeURIComponent(flowId)}`, { method: 'POST', body }));
    },
    async testStep({ workflowId, versionId, stepName, input }: TestStepInput): Promise<StepTestResult> {
      const body = { workflow_id: workflowId, version_id: versionId, step_name: stepName, input };
      return stepTestResultSchema.parse(await http.request('/workflow/sample', { method: 'POST', body }));
    },
    async samples(flowId: string, signal?: AbortSignal): Promise<StepSamples> {
      return stepSamplesReplySchema.parse(await http.request(`/workflow/${encodeURIComponent(flowId)}/samples`, { signal })).samples;
    },
    async pieceOptions(request: PieceOptionsRequest, signal?: AbortSignal): Promise<PieceOption[]> {
      const body = {
        piece_name: request.pieceName,
        action_name: request.actionName,
        trigger_name: request.triggerName,
        property_name: request.propertyName,
        search: request.search || undefined,
      };
      return pieceOptionsReplySchema.parse(await http.request('/workflow/options', { method: 'POST', body, signal })).options;
    },
    async webhookUrl(flowId: string, signal?: AbortSignal): Promise<string> {
      return webhookUrlReplySchema.parse(await http.request(`/workflow/${encodeURIComponent(flowId)}/webhook`, { signal })).url;
    },
  };
}

export const runsApi = createRunsApi(authenticatedClient);

/** A test result as the sample it is now stored as. */
export function sampleOf({ stepName: _stepName, ...sample }: StepTestResult): StepSample {
  return sample;
}

export const runKeys = {
  samples: (flowId: string) => ['workflow-samples', flowId] as const,
  webhook: (flowId: string) => ['workflow-webhook', flowId] as const,
  options: (request: PieceOptionsRequest) => ['piece-options', request] as const,
};

export const stepSamplesQuery = (flowId: string) =>
  queryOptions({
    queryKey: runKeys.samples(flowId),
    queryFn: ({ signal }) => runsApi.samples(flowId, signal),
    retry: retryUnlessClientError,
  });

export const webhookUrlQuery = (flowId: string) =>
  queryOptions({
    queryKey: runKeys.webhook(flowId),
    queryFn: ({ signal }) => runsApi.webhookUrl(flowId, signal),
    retry: retryUnlessClientError,
    // the secret part of the URL does not change while the editor is open
    staleTime: Infinity,
  });

export const pieceOptionsQuery = (request: PieceOptionsRequest) =>
  queryOptions({
    queryKey: runKeys.options(request),
    queryFn: ({ signal }) => runsApi.pieceOptions(request, signal),
    retry: retryUnlessClientError,
    staleTime: 30_000,
    // the suggestions of the previous search stay while the next ones load, so the list does not flicker
    placeholderData: keepPreviousData,
  });
