/**
 * `node --import tsx bench/code-step.ts [--runs N] [--threads N] [--against DIR]`: what a trivial code step
 * costs beyond a data-mapper step, in this process, without the server, the queue or the database. The
 * engine's run executor walks a 10-code-step and a 10-mapper-step version (the same two workflows as
 * `npm run bench -- --only engine`), one run at a time, alternating, each run a session of its own ended
 * afterwards as engine.ts does; sandbox threads warm. Prints each kind's whole-run time, the per-step
 * difference ((code run − mapper run) / 10 at p25, p50, p95) and one `runCode` call as the engine awaits it.
 *
 * `--against DIR`: the code sandbox of another checkout (e.g. the commit before a change) is measured in
 * the same process, its runs interleaved with this checkout's, so both see the same machine load; the
 * executor, pieces and templates stay this checkout's.
 */
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromNestedFlow, type FlatVersion } from '../src/domain/index.ts';
import { advancedMapping } from '../server/engine/pieces/data-mapper.ts';
import { createRunExecutor, type ExecuteRun } from '../server/engine/run-executor.ts';
import { CodeSandbox } from '../server/engine/sandbox/code-sandbox.ts';
import { summarise, type Summary } from './stats.ts';

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const RUNS = Number(argValue('--runs') ?? 2000);
const THREADS = Number(argValue('--threads') ?? 3);
const AGAINST = argValue('--against');
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

interface Side {
  name: string;
  sandbox: Pick<CodeSandbox, 'run' | 'endSession' | 'close'>;
  execute: ExecuteRun;
  code: number[];
  mapper: number[];
  calls: number[];
}

function side(name: string, sandbox: Side['sandbox']): Side {
  const calls: number[] = [];
  const execute = createRunExecutor({
    readVersion: async (flowId) => (flowId === 'code' ? codeFlow : mapperFlow),
    runCode: async (code, inputs, owner, session) => {
      const started = performance.now();
      const result = await sandbox.run(code, inputs, { ...(owner ? { owner } : {}), ...(session ? { session } : {}) });
      calls.push(performance.now() - started);
      return result;
    },
    pieceAction: () => advancedMapping,
  });
  return { name, sandbox, execute, code: [], mapper: [], calls };
}

const sides = [side('this checkout', new CodeSandbox({ threads: THREADS }))];
if (AGAINST) {
  const url = pathToFileURL(resolve(AGAINST, 'server/engine/sandbox/code-sandbox.ts')).href;
  const other = (await import(url)) as { CodeSandbox: typeof CodeSandbox };
  sides.push(side(AGAINST, new other.CodeSandbox({ threads: THREADS })));
}
// The sandbox's threads are unref'd (a server's sockets keep it alive): this keeps the bench alive.
const alive = setInterval(() => undefined, 1000);

let nextRun = 1;
async function oneRun(on: Side, flowId: 'code' | 'mapper'): Promise<number> {
  const runId = `run-${nextRun++}`;
  const started = performance.now();
  try {
    const result = await on.execute({ runId, flowId, versionId: 'v', userId: 'u1', payload: { n: 0 } });
    const last = result.steps.at(-1);
    if (result.status !== 'SUCCEEDED' || (last?.output as { n?: number } | undefined)?.n !== (flowId === 'code' ? STEPS : 0)) throw new Error(`${flowId} run ${result.status}: ${JSON.stringify(last)}`);
  } finally {
    on.sandbox.endSession(runId);
  }
  return performance.now() - started;
}

for (let i = 0; i < 200; i++) {
  for (const on of sides) {
    await oneRun(on, 'code');
    await oneRun(on, 'mapper');
  }
}
for (const on of sides) on.calls.length = 0;
for (let i = 0; i < RUNS; i++) {
  // Each side goes first every other round.
  for (const on of i % 2 === 0 ? sides : [...sides].reverse()) {
    on.code.push(await oneRun(on, 'code'));
    on.mapper.push(await oneRun(on, 'mapper'));
  }
}
for (const on of sides) await on.sandbox.close();
clearInterval(alive);

const fmt = (s: Summary) => `p50 ${s.p50.toFixed(3)}  p95 ${s.p95.toFixed(3)}  p99 ${s.p99.toFixed(3)} ms (n ${s.n})`;
const at = (samples: number[], q: number) => [...samples].sort((a, b) => a - b)[Math.floor(q * samples.length)] ?? 0;
for (const on of sides) {
  const perStep = (q: number) => ((at(on.code, q) - at(on.mapper, q)) / STEPS).toFixed(3);
  console.log(`${on.name}`);
  console.log(`  10 code steps, whole run      ${fmt(summarise(on.code))}`);
  console.log(`  10 mapper steps, whole run    ${fmt(summarise(on.mapper))}`);
  console.log(`  one runCode call (awaited)    ${fmt(summarise(on.calls))}`);
  console.log(`  code-step overhead per step   p25 ${perStep(0.25)}  p50 ${perStep(0.5)}  p95 ${perStep(0.95)} ms`);
}
