/**
 * What one run may take of the server: the size of each step's input and output, the data its record
 * stores in all, the log lines its code writes, the items a loop walks, and how deeply loops and routers
 * nest. A run past a cap ends FAILED with a sentence naming the cap (and the setting that raises it),
 * before the data that broke it is kept anywhere, so memory and the stored record stay bounded whatever
 * the flow does. Depth is capped for every value too (MAX_JSON_DEPTH), so a run's record can always be
 * written with JSON.stringify and stored as jsonb.
 */
import { formatSize, isJsonLimitProblem, jsonLimitMessage, MAX_JSON_DEPTH, measureJson, type JsonLimitProblem, type RunStatus } from '../../src/domain/index.ts';
import { resolveTemplates, TemplateTooLarge, type Scope } from '../../src/domain/flow/templates.ts';

export interface RunLimits {
  /** Characters of JSON one step's input or output may take. */
  maxStepData: number;
  /** Characters of JSON one run's record may take in all (inputs, outputs, logs). */
  maxRunData: number;
  /** Log lines (console.log and friends) one run's code steps may write in all. */
  maxLogLines: number;
  /** Items one loop may walk. */
  maxLoopIterations: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = {
  maxStepData: 2 * 1024 * 1024,
  maxRunData: 8 * 1024 * 1024,
  maxLogLines: 2_000,
  maxLoopIterations: 10_000,
};

/** Loops and routers inside each other; deeper flows do not run (the walk recurses once per level). */
export const MAX_RUN_NESTING = 64;

/** Why a run stopped early; the run's status follows the failing step's kind. */
export class StepFailure extends Error {
  constructor(
    readonly runStatus: RunStatus,
    message: string,
    /** Ends the run even where the step would continue on failure (a run-wide cap was reached). */
    readonly endsRun = false,
  ) {
    super(message);
  }
}

/** 'The step’s output is larger than 2 MB (RUN_MAX_STEP_DATA_KB)': the size cap names its setting. */
export function stepDataMessage(what: string, problem: JsonLimitProblem): string {
  return `${jsonLimitMessage(what, problem)}${problem.kind === 'size' ? ' (RUN_MAX_STEP_DATA_KB)' : ''}`;
}

/** Characters of an error message a run keeps (code can throw a string of megabytes). */
export const MAX_ERROR_TEXT = 2000;

export function errorText(message: string): string {
  return message.length > MAX_ERROR_TEXT ? `${message.slice(0, MAX_ERROR_TEXT)}… (${message.length - MAX_ERROR_TEXT} more characters)` : message;
}

/**
 * A step's settings with their references resolved, text written from references counting against the
 * step-data cap before it is built (a reference repeated in a field would write an output over and over).
 */
export function resolveStepData(value: unknown, scope: Scope, limits: RunLimits): unknown {
  try {
    return resolveTemplates(value, scope, limits.maxStepData);
  } catch (error) {
    if (error instanceof TemplateTooLarge) throw new StepFailure('FAILED', stepDataMessage('The step’s input', { kind: 'size', limit: limits.maxStepData }));
    throw error;
  }
}

/** A record's own fields (names, status, duration) as stored, beyond its input and output. */
const RECORD_OVERHEAD = 160;

export class RunBudget {
  private used = 0;
  private logLines = 0;

  constructor(readonly limits: RunLimits) {}

  /**
   * Measures a value about to be kept in the run's record (a step's input or output) and counts it;
   * throws StepFailure past the per-step or per-run cap, or past the depth limit.
   */
  admit(value: unknown, what: 'The step’s input' | 'The step’s output' | 'The trigger’s output'): void {
    const measured = measureJson(value, { maxDepth: MAX_JSON_DEPTH, maxSize: this.limits.maxStepData });
    if (isJsonLimitProblem(measured)) throw new StepFailure('FAILED', stepDataMessage(what, measured));
    this.spend(measured.size);
  }

  /** Counts one step record's own fields. */
  record(): void {
    this.spend(RECORD_OVERHEAD);
  }

  /** Counts a failed step's message (already cut to MAX_ERROR_TEXT); throws past the run's cap. */
  error(message: string): void {
    this.spend(message.length);
  }

  /** Counts a code step's log lines; throws past the per-run cap. */
  logs(lines: readonly string[]): void {
    this.logLines += lines.length;
    if (this.logLines > this.limits.maxLogLines) {
      throw new StepFailure('FAILED', `The run wrote more than ${this.limits.maxLogLines.toLocaleString('en-US')} log lines (RUN_MAX_LOG_LINES)`, true);
    }
    let size = 0;
    for (const line of lines) size += line.length + 3;
    this.spend(size);
  }

  loopItems(count: number): void {
    if (count > this.limits.maxLoopIterations) {
      throw new StepFailure(
        'FAILED',
        `The loop has ${count.toLocaleString('en-US')} items; a loop may walk at most ${this.limits.maxLoopIterations.toLocaleString('en-US')} (RUN_MAX_LOOP_ITERATIONS)`,
      );
    }
  }

  private spend(size: number): void {
    this.used += size;
    if (this.used > this.limits.maxRunData) {
      throw new StepFailure('FAILED', `The run’s data passed ${formatSize(this.limits.maxRunData)}, the most one run may keep (RUN_MAX_RUN_DATA_MB)`, true);
    }
  }
}
