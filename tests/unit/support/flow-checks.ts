/** The checks every flow-operation test makes, in one place. */
import { expect } from '@rstest/core';
import {
  applyOperation,
  applyOperationWithPatches,
  applyVersionPatches,
  checkStructure,
  FlowOperationError,
  type FlatVersion,
  type FlowErrorCode,
  type FlowOperation,
} from '../../../src/domain/flow/index.ts';

/** Applies, and checks: input untouched, structure sound, patches and inverse patches exact. */
export function apply(version: FlatVersion, operation: FlowOperation): FlatVersion {
  const before = structuredClone(version);
  const result = applyOperationWithPatches(version, operation);
  expect(version).toStrictEqual(before);
  checkStructure(result.version);
  expect(applyVersionPatches(version, result.patches)).toStrictEqual(result.version);
  expect(applyVersionPatches(result.version, result.inversePatches)).toStrictEqual(version);
  return result.version;
}

/** Expects a refusal with `code`, and the version untouched. */
export function refused(version: FlatVersion, operation: FlowOperation, code: FlowErrorCode): FlowOperationError {
  const before = structuredClone(version);
  let caught: unknown;
  try {
    applyOperation(version, operation);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(FlowOperationError);
  expect((caught as FlowOperationError).code).toBe(code);
  expect(version).toStrictEqual(before);
  return caught as FlowOperationError;
}
