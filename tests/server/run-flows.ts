/** Workflows that really run (manual or webhook trigger, code and piece steps), and waiting for runs. */
import type { StoredFlowContent, StoredStep, StoredTrigger } from '../../src/domain/index.ts';
import type { TestServer } from './helpers.ts';
import { get } from './helpers.ts';

export const manualTrigger = (next: string | null = 'step_1'): StoredTrigger => ({
  name: 'trigger',
  type: 'PIECE_TRIGGER',
  displayName: 'Manual',
  valid: true,
  next,
  settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {} },
});

export const webhookTrigger = (next: string | null = 'step_1'): StoredTrigger => ({
  name: 'trigger',
  type: 'PIECE_TRIGGER',
  displayName: 'Webhook',
  valid: true,
  next,
  settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '0.1.0', triggerName: 'catch_webhook', input: {} },
});

/** A code step `step_n` whose function body is `body` (it sees `inputs`). */
export function code(n: number, body: string, input: Record<string, unknown> = {}, next: number | null = null): StoredStep {
  return {
    name: `step_${n}`,
    displayName: `Code ${n}`,
    type: 'CODE',
    valid: true,
    next: next === null ? null : `step_${next}`,
    settings: { sourceCode: { code: `export const code = async (inputs) => { ${body} };`, packageJson: '{}' }, input },
  };
}

export function piece(n: number, pieceName: string, actionName: string, input: Record<string, unknown>, next: number | null = null): StoredStep {
  return {
    name: `step_${n}`,
    displayName: `${actionName} ${n}`,
    type: 'PIECE',
    valid: true,
    next: next === null ? null : `step_${next}`,
    settings: { pieceName, pieceVersion: '0.1.0', actionName, input },
  };
}

export const flowOf = (displayName: string, trigger: StoredTrigger, steps: StoredStep[]): StoredFlowContent => ({ displayName, trigger, steps });

export interface RunView {
  id: string;
  status: string;
  queued?: boolean;
  startTime: string;
  steps: Array<{ stepName: string; status: string; input: unknown; output: unknown; error: string | null }>;
}

/** Reads the run until it is no longer RUNNING. */
export async function finishedRun(t: TestServer, token: string, runId: string): Promise<RunView> {
  for (let i = 0; i < 400; i++) {
    const response = await get(t.app, `/api/workflow/execution/${runId}`, { token });
    if (response.statusCode !== 200) throw new Error(`execution ${runId}: ${response.statusCode} ${response.body}`);
    const run = response.json<RunView>();
    if (run.status !== 'RUNNING') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${runId} did not finish`);
}
