/** The workflow service's refusals, in SPEC §8 codes, and the domain's refusals as API errors. */
import { isFlowOperationError } from '../../src/domain/index.ts';
import { ApiError } from '../shared/api-error.ts';

/** Another user's workflow answers exactly like a missing one. */
export const flowNotFound = (): ApiError => new ApiError(404, 'FLOW_NOT_FOUND', 'Workflow not found');
export const versionNotFound = (): ApiError => new ApiError(404, 'ENTITY_NOT_FOUND', 'Version not found');

export const STALE_VERSION_MESSAGE = 'This version was changed in another tab or device';
export const staleVersion = (): ApiError => new ApiError(409, 'FLOW_OPERATION_INVALID', STALE_VERSION_MESSAGE);

export const TRIGGER_ENABLE_MESSAGE = 'Publish a version with a valid trigger before enabling this workflow';
export const triggerEnable = (): ApiError => new ApiError(400, 'TRIGGER_ENABLE', TRIGGER_ENABLE_MESSAGE);

export const invalidFlowOperation = (message: string): ApiError => new ApiError(400, 'FLOW_OPERATION_INVALID', message);

/** Runs `fn`; a refusal of the flow core (FlowOperationError) becomes a 400 with its code and sentence. */
export function withDomain<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (isFlowOperationError(error)) throw new ApiError(400, error.code, error.message);
    throw error;
  }
}
