/**
 * SPEC §4 icon variants: STOPPED and SUCCEEDED success, PAUSED and RUNNING neutral, every other end state
 * an error — for every run status. Step runs read the same way, PENDING and SKIPPED being neutral.
 */
import { describe, expect, it } from '@rstest/core';
import { RUN_STATUSES, STEP_RUN_STATUSES } from '../../src/domain/index.ts';
import type { StepRunRecord } from '../../src/api/executions-api.ts';
import { runStatusLook, stepRunStatusLook, stepRunStatusVariant, VARIANT_TONES } from '../../src/ui/components/runs/status-variants.ts';
import { containsFailure, defaultIterationIndex } from '../../src/ui/screens/executions/step-tree.ts';

describe('run status variants', () => {
  it('maps every run status as SPEC §4 says', () => {
    const variants = Object.fromEntries(RUN_STATUSES.map((status) => [status, runStatusLook(status).variant]));
    expect(variants).toEqual({
      FAILED: 'error',
      QUOTA_EXCEEDED: 'error',
      INTERNAL_ERROR: 'error',
      PAUSED: 'neutral',
      RUNNING: 'neutral',
      STOPPED: 'success',
      SUCCEEDED: 'success',
      MEMORY_LIMIT_EXCEEDED: 'error',
      TIMEOUT: 'error',
    });
  });

  it('gives each status a label, and success and error one icon each', () => {
    for (const status of RUN_STATUSES) expect(runStatusLook(status).label).toMatch(/^[A-Z][a-z ]+$/);
    expect(runStatusLook('STOPPED').icon).toBe(runStatusLook('SUCCEEDED').icon);
    expect(runStatusLook('TIMEOUT').icon).toBe(runStatusLook('FAILED').icon);
    expect(runStatusLook('RUNNING').spinning).toBe(true);
    expect(runStatusLook('PAUSED').spinning).toBe(false);
  });

  it('paints error as the danger badge', () => {
    expect(VARIANT_TONES).toEqual({ success: 'success', error: 'danger', neutral: 'neutral' });
  });
});

describe('step run status variants', () => {
  it('reads SUCCEEDED as success, FAILED and CANCELLED as error, the rest as neutral', () => {
    const variants = Object.fromEntries(STEP_RUN_STATUSES.map((status) => [status, stepRunStatusVariant(status)]));
    expect(variants).toEqual({
      PENDING: 'neutral',
      RUNNING: 'neutral',
      SUCCEEDED: 'success',
      FAILED: 'error',
      SKIPPED: 'neutral',
      CANCELLED: 'error',
    });
    expect(stepRunStatusLook('SKIPPED').label).toBe('Skipped');
  });
});

const step = (stepName: string, status: StepRunRecord['status'], iterations?: StepRunRecord[][]): StepRunRecord => ({
  stepName,
  displayName: stepName,
  type: 'CODE',
  status,
  ...(iterations ? { iterations } : {}),
});

describe('loop iterations (SPEC §4)', () => {
  it('open on the first iteration', () => {
    const loop = step('loop', 'SUCCEEDED', [[step('a', 'SUCCEEDED')], [step('a', 'SUCCEEDED')]]);
    expect(defaultIterationIndex(loop)).toBe(0);
  });

  it('open on the last iteration when the loop contains the failed step, at any depth', () => {
    const inner = step('inner', 'FAILED', [[step('b', 'SUCCEEDED')], [step('b', 'FAILED')]]);
    const loop = step('loop', 'FAILED', [[step('a', 'SUCCEEDED')], [step('a', 'SUCCEEDED')], [inner]]);
    expect(containsFailure(loop)).toBe(true);
    expect(defaultIterationIndex(loop)).toBe(2);
    expect(defaultIterationIndex(inner)).toBe(1);
  });

  it('answer 0 for a loop that ran no iteration', () => {
    expect(defaultIterationIndex(step('loop', 'SUCCEEDED', []))).toBe(0);
  });
});
