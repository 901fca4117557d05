/**
 * `node --import tsx bench/code-step.ts [--runs N] [--threads N]`: what a trivial code step costs beyond a
 * data-mapper step, in this process, without the server, the queue or the database. The engine's run
 * executor walks a 10-code-step and a 10-mapper-step version (the same two workflows as
 * `npm run bench -- --only engine`), one run at a time, alternating, each run a session of its own ended
 * afterwards as engine.ts does; sandbox threads warm. Prints each kind's whole-run time and the per-step
 * difference ((p50 code run − p50 mapper run) / 10), plus where a code step's time goes on this thread
 * (the `runCode` call as the engine awaits it).
 */
import { performance } from 'node:perf_hooks';
import { fromNestedFlow, type FlatVersion } from '../src/domain/index.ts';
import { advancedMapping } from '../server/engine/pieces/data-mapper.ts';
import { createRunExecutor } from '../server/engine/run-executor.ts';
import { CodeSandbox } from '../server/engine/sandbox/code-sandbox.ts';
import { summarise, type Summary } from './stats.ts';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const RUNS = Number(argValue('--runs') ?? 2000);
const THREADS = Number(argValue('--threads') ?? 3);
const STEPS = 10;

type Node = Record<string, unknown>;
const source = (i: number) => (i === 0 ? '{{trigger.n}}' : `{{step_${i}.n}}`);

function chain(step: (i: number) => Node): FlatVersion {
  const steps = Array.from({ length: STEPS }, (_, i) => ({ name: `step_${i + 1}`, displayName: `Step ${i + 1}`, valid: true, ...step(i) }));
  for (let i = steps.length - 2; i >= 0; i--) (steps[i] as Node).nextAction = steps[i + 1];
  return fromNestedFlow({ displayName: 'Bench', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Manual', valid: true, settings: {}, nextAction: steps[0] } });
}

const codeFlow = chain((i) => ({
  type: 'CODE',
  settings: { sourceCode: { code: 'export const code = async (inputs) => ({ n: inputs.n + 1 });', packageJson: '{}' }, input: { n: source(i) } },
}));
const mapperFlow = chain((i) => ({
  type: 'PIECE',
  settings: { pieceName: '@activepieces/piece-data-mapper', pieceVersion: '0.3.0', actionName: 'advanced_mapping', input: { mapping: { n: source(i) } } },
}));

const sandbox = new CodeSandbox({ threads: THREADS });
// The sandbox's threads are unref'd (a server's sockets keep it alive): this keeps the bench alive.
const alive = setInterval(() => undefined, 1000);
const codeCallMs: number[] = [];
const execute = createRunExecutor({
  readVersion: async (flowId) => (flowId === 'code' ? codeFlow : mapperFlow),
  runCode: async (code, inputs, owner, session) => {
    const started = performance.now();
    const result = await sandbox.run(code, inputs, { ...(owner ? { owner } : {}), ...(session ? { session } : {}) });
    codeCallMs.push(performance.now() - started);
    return result;
  },
  pieceAction: () => advancedMapping,
});

let nextRun = 1;
async function oneRun(flowId: 'code' | 'mapper'): Promise<number> {
  const runId = `run-${nextRun++}`;
  const started = performance.now();
  try {
    const result = await execute({ runId, flowId, versionId: 'v', userId: 'u1', payload: { n: 0 } });
    const last = result.steps.at(-1);
    if (result.status !== 'SUCCEEDED' || (last?.output as { n?: number } | undefined)?.n !== (flowId === 'code' ? STEPS : 0)) throw new Error(`${flowId} run ${result.status}: ${JSON.stringify(last)}`);
  } finally {
    sandbox.endSession(runId);
  }
  return performance.now() - started;
}

const fmt = (s: Summary) => `p50 ${s.p50.toFixed(3)}  p95 ${s.p95.toFixed(3)}  p99 ${s.p99.toFixed(3)} ms (n ${s.n})`;

for (let i = 0; i < 200; i++) {
  await oneRun('code');
  await oneRun('mapper');
}
codeCallMs.length = 0;
const code: number[] = [];
const mapper: number[] = [];
for (let i = 0; i < RUNS; i++) {
  code.push(await oneRun('code'));
  mapper.push(await oneRun('mapper'));
}
await sandbox.close();
clearInterval(alive);

const codeRuns = summarise(code);
const mapperRuns = summarise(mapper);
console.log(`10 code steps, whole run      ${fmt(codeRuns)}`);
console.log(`10 mapper steps, whole run    ${fmt(mapperRuns)}`);
console.log(`one runCode call (awaited)    ${fmt(summarise(codeCallMs))}`);
console.log(`code-step overhead per step   p50 ${((codeRuns.p50 - mapperRuns.p50) / STEPS).toFixed(3)} ms  p95 ${((codeRuns.p95 - mapperRuns.p95) / STEPS).toFixed(3)} ms`);
