/**
 * The one error the flow core throws. Every refusal carries a SPEC §8 code so the worker can show it and
 * the server can answer it as `{code, message}` without a mapping table:
 * - STEP_NOT_FOUND: an operation names a step the version does not have (never a silent no-op);
 * - FLOW_OPERATION_INVALID: the step exists but the edit is not allowed there (placement, locked version,
 *   a step into its own subtree, a duplicate name...);
 * - VALIDATION: the input itself is malformed (an import or stored form that does not parse).
 * A thrown operation changes nothing: operations run inside one immer draft that is dropped on throw.
 */
import type { ErrorCode } from '../errors.ts';

export type FlowErrorCode = Extract<ErrorCode, 'STEP_NOT_FOUND' | 'FLOW_OPERATION_INVALID' | 'VALIDATION'>;

export class FlowOperationError extends Error {
  readonly code: FlowErrorCode;

  constructor(code: FlowErrorCode, message: string) {
    super(message);
    this.name = 'FlowOperationError';
    this.code = code;
  }
}

export const isFlowOperationError = (error: unknown): error is FlowOperationError => error instanceof FlowOperationError;

export const stepNotFound = (name: string): FlowOperationError =>
  new FlowOperationError('STEP_NOT_FOUND', `No step is named '${name}'`);

export const invalidOperation = (message: string): FlowOperationError =>
  new FlowOperationError('FLOW_OPERATION_INVALID', message);

export const invalidInput = (message: string): FlowOperationError => new FlowOperationError('VALIDATION', message);
