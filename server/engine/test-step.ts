/**
 * 'Test step' (POST /workflow/sample): runs one code or piece step of a version on its own, with its
 * input resolved against the sample data of the steps before it (their latest test outputs, and the
 * trigger's sample payload), and keeps the result as that step's sample. Inside a loop, the loop's
 * `item` is the first of its items as the samples resolve them. Nothing of a run is recorded.
 */
import type { FlatStep, FlatVersion } from '../../src/domain/index.ts';
import { enclosingLoops, stepsBefore, versionReader } from '../../src/domain/flow/index.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../shared/api-error.ts';
import type { EngineDeps } from './execute-flow.ts';
import { listSamples, saveSample, type StepSample } from './step-samples.ts';
import { asList, resolveTemplates } from '../../src/domain/flow/templates.ts';
import { isJsonLimitProblem, measureJson } from '../../src/domain/index.ts';
import { DEFAULT_RUN_LIMITS, errorText, resolveStepData, StepFailure, stepDataMessage, type RunLimits } from './run-budget.ts';

export interface StepTestResult {
  stepName: string;
  status: 'SUCCEEDED' | 'FAILED';
  output: unknown;
  error: string | null;
  /** A SPEC §8 code when the failure has one (EXECUTION_TIMEOUT, MEMORY_ISSUE, PIECE_NOT_FOUND, INVALID_APP_CONNECTION). */
  code: string | null;
  logs: string[];
  duration: number;
  testedAt: string;
}

export interface StepTestDeps {
  db: Database;
  runCode: EngineDeps['runCode'];
  pieceAction: EngineDeps['pieceAction'];
  limits?: RunLimits;
}

const stepNotFound = () => new ApiError(404, 'STEP_NOT_FOUND', 'Step not found');

/**
 * What `{{…}}` references see in a test: the succeeded samples of the steps that run before this one (as
 * in a run, a later step reads as nothing), and each enclosing loop at its first item.
 */
function sampleScope(version: FlatVersion, step: FlatStep, samples: Record<string, StepSample>): Record<string, unknown> {
  const scope: Record<string, unknown> = { trigger: samples.trigger?.output ?? {} };
  for (const { name } of stepsBefore(version, step.name)) {
    const sample = samples[name];
    if (name !== 'trigger' && sample?.status === 'SUCCEEDED') scope[name] = sample.output;
  }
  const read = versionReader(version);
  // Outermost first: an inner loop's items may come from an outer loop's item.
  for (const name of enclosingLoops(version, step.name).reverse()) {
    const loop = read(name);
    if (loop?.type !== 'LOOP_ON_ITEMS') continue;
    const items = asList(resolveTemplates(loop.settings.items, scope));
    scope[loop.name] = { item: items?.[0], index: 0 };
  }
  return scope;
}

export async function testStep(
  deps: StepTestDeps,
  version: FlatVersion,
  userId: string,
  stepName: string,
  givenInput: Record<string, unknown> | undefined,
  /** Ends a piece's wait (a Delay, a slow HTTP request) when the caller gives up. */
  signal?: AbortSignal,
): Promise<StepTestResult> {
  const started = Date.now();
  if (stepName === 'trigger') {
    if (givenInput === undefined) throw new ApiError(400, 'VALIDATION', 'Give the trigger’s sample data as input');
    const saved = await saveSample(deps.db, version.flowId, 'trigger', { status: 'SUCCEEDED', output: givenInput, error: null });
    return { stepName, ...saved, code: null, logs: [], duration: 0 };
  }
  const step = versionReader(version)(stepName);
  if (!step) throw stepNotFound();
  if (step.type !== 'CODE' && step.type !== 'PIECE') throw new ApiError(400, 'VALIDATION', 'Only code and piece steps can be tested');

  const limits = deps.limits ?? DEFAULT_RUN_LIMITS;
  let input: Record<string, unknown>;
  try {
    input = givenInput ?? (resolveStepData(step.settings.input ?? {}, sampleScope(version, step, await listSamples(deps.db, version.flowId)), limits) as Record<string, unknown>);
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    const saved = await saveSample(deps.db, version.flowId, stepName, { status: 'FAILED', output: null, error: error.message });
    return { stepName, status: 'FAILED', output: null, error: error.message, code: null, logs: [], testedAt: saved.testedAt, duration: Math.max(0, Date.now() - started) };
  }
  let outcome: { status: StepTestResult['status']; output: unknown; error: string | null; code: string | null; logs: string[] };
  if (step.type === 'CODE') {
    const result = await deps.runCode(step.settings.sourceCode?.code ?? '', input, userId);
    outcome = result.ok
      ? { status: 'SUCCEEDED', output: result.output, error: null, code: null, logs: result.logs }
      : {
          status: 'FAILED',
          output: null,
          error: result.message,
          code: result.reason === 'TIMEOUT' ? 'EXECUTION_TIMEOUT' : result.reason === 'MEMORY_LIMIT_EXCEEDED' ? 'MEMORY_ISSUE' : null,
          logs: result.logs,
        };
  } else {
    const action = deps.pieceAction(step.settings.pieceName, step.settings.actionName);
    if (!action) {
      outcome = { status: 'FAILED', output: null, error: 'This piece or action does not exist', code: 'PIECE_NOT_FOUND', logs: [] };
    } else {
      try {
        const output = await action(input, { userId, flowId: version.flowId, ...(signal ? { signal } : {}) });
        // A piece's output (an HTTP response's JSON) is measured before it is kept, as in a run.
        const measured = measureJson(output, { maxSize: limits.maxStepData });
        outcome = isJsonLimitProblem(measured)
          ? { status: 'FAILED', output: null, error: stepDataMessage('The step’s output', measured), code: null, logs: [] }
          : { status: 'SUCCEEDED', output, error: null, code: null, logs: [] };
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code === 'INVALID_APP_CONNECTION' ? 'INVALID_APP_CONNECTION' : null;
        outcome = { status: 'FAILED', output: null, error: errorText(error instanceof Error ? error.message : String(error)), code, logs: [] };
      }
    }
  }
  const saved = await saveSample(deps.db, version.flowId, stepName, { status: outcome.status, output: outcome.output, error: outcome.error });
  return { stepName, ...outcome, testedAt: saved.testedAt, duration: Math.max(0, Date.now() - started) };
}
