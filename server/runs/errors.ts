/** Refusals of the run path as API errors (SPEC §8 codes). */
import { ApiError } from '../shared/api-error.ts';

export const QUOTA_MESSAGE = 'Daily run quota reached';
export const quotaExceeded = (): ApiError => new ApiError(429, 'QUOTA_EXCEEDED', QUOTA_MESSAGE);

export const INVALID_VERSION_MESSAGE = 'This version has steps that need configuration';
export const invalidVersion = (): ApiError => new ApiError(400, 'FLOW_OPERATION_INVALID', INVALID_VERSION_MESSAGE);

export const runNotFound = (): ApiError => new ApiError(404, 'ENTITY_NOT_FOUND', 'Execution not found');
