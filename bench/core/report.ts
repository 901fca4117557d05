/**
 * The result of `npm run bench:core`: one JSON document (`--json`, and what `--baseline` reads back) and
 * its text table. The JSON's shape is versioned (`format`) and checked by tests/unit/bench-core.test.ts,
 * so a team can keep results from older runs and compare them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import * as z from 'zod/mini';
import type { ActivepiecesFigures } from './activepieces.ts';
import { InputError } from './input-error.ts';
import type { CoreFigures } from './measure.ts';

export const RESULT_FORMAT = 'flowsmith-bench-core/1';

export const benchResultSchema = z.object({
  format: z.literal(RESULT_FORMAT),
  machine: z.object({ cpu: z.string(), cores: z.number(), memoryGiB: z.number(), platform: z.string() }),
  versions: z.object({ flowsmith: z.string(), commit: z.nullable(z.string()), node: z.string(), v8: z.string(), activepieces: z.optional(z.string()) }),
  flow: z.object({ file: z.string(), steps: z.number(), bytes: z.number() }),
  script: z.string(),
  reps: z.number(),
  openMs: z.number(),
  heapGrowthMiB: z.number(),
  operations: z.record(
    z.string(),
    z.object({
      type: z.string(),
      medianMs: z.number(),
      p95Ms: z.number(),
      maxMs: z.number(),
      n: z.number(),
      patchBytes: z.number(),
      refused: z.number(),
      activepieces: z.optional(z.object({ medianMs: z.number(), p95Ms: z.number(), maxMs: z.number(), n: z.number(), refused: z.number(), ratio: z.nullable(z.number()), error: z.optional(z.string()) })),
    }),
  ),
});
export type BenchResult = z.infer<typeof benchResultSchema>;

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

export function buildResult(input: {
  flowFile: string;
  steps: number;
  bytes: number;
  script: string;
  reps: number;
  core: CoreFigures;
  activepieces: ActivepiecesFigures | null;
}): BenchResult {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const operations: BenchResult['operations'] = {};
  for (const [label, figures] of Object.entries(input.core.operations)) {
    const theirs = input.activepieces?.operations[label];
    const { p50, p95, max, n } = figures.timing;
    operations[label] = {
      type: figures.type,
      medianMs: p50,
      p95Ms: p95,
      maxMs: max,
      n,
      patchBytes: figures.patchBytes,
      refused: figures.refused,
      ...(theirs
        ? {
            activepieces: {
              medianMs: theirs.timing.p50,
              p95Ms: theirs.timing.p95,
              maxMs: theirs.timing.max,
              n: theirs.timing.n,
              refused: theirs.refused,
              ratio: theirs.timing.n > 0 && p50 > 0 ? theirs.timing.p50 / p50 : null,
              ...(theirs.error ? { error: theirs.error } : {}),
            },
          }
        : {}),
    };
  }
  const cpus = os.cpus();
  return {
    format: RESULT_FORMAT,
    machine: { cpu: cpus[0]?.model.trim() ?? 'unknown', cores: cpus.length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}` },
    versions: {
      flowsmith: version,
      commit: gitCommit(),
      node: process.versions.node,
      v8: process.versions.v8,
      ...(input.activepieces ? { activepieces: input.activepieces.version } : {}),
    },
    flow: { file: input.flowFile, steps: input.steps, bytes: input.bytes },
    script: input.script,
    reps: input.reps,
    openMs: input.core.openMs,
    heapGrowthMiB: input.core.heapGrowthMiB,
    operations,
  };
}

const ms = (value: number) => value.toFixed(3).padStart(9);

export function printResult(result: BenchResult, print: (line: string) => void): void {
  const { machine, versions, flow } = result;
  print(`flowsmith ${versions.flowsmith}${versions.commit ? ` (${versions.commit})` : ''} · node ${versions.node} · v8 ${versions.v8}${versions.activepieces ? ` · @activepieces/shared ${versions.activepieces}` : ''}`);
  print(`${machine.cpu} · ${machine.cores} cores · ${machine.memoryGiB} GiB · ${machine.platform}`);
  print(`flow ${flow.file}: ${flow.steps.toLocaleString('en')} steps, ${(flow.bytes / 1024).toFixed(0)} KiB · script: ${result.script} · ${result.reps} reps · opened in ${result.openMs.toFixed(0)} ms`);
  print('');
  const compared = Object.values(result.operations).some((o) => o.activepieces);
  print(`${'operation'.padEnd(22)}${'median'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}  (ms)${'patch B'.padStart(9)}${compared ? `${'AP median'.padStart(11)}${'ratio'.padStart(8)}` : ''}`);
  for (const [label, o] of Object.entries(result.operations)) {
    let line = `${label.slice(0, 21).padEnd(22)}${ms(o.medianMs)}${ms(o.p95Ms)}${ms(o.maxMs)}      ${String(o.patchBytes).padStart(9)}`;
    if (o.refused > 0) line += `  (${o.refused} refused)`;
    if (o.activepieces) {
      const theirs = o.activepieces;
      line += theirs.n > 0 ? `${theirs.medianMs.toFixed(3).padStart(11)}${(theirs.ratio === null ? '—' : `${theirs.ratio.toFixed(0)}×`).padStart(8)}` : `  AP refused: ${theirs.error ?? 'unknown'}`;
    }
    print(line);
  }
  print('');
  print(`heap growth over the run: ${result.heapGrowthMiB.toFixed(1)} MiB`);
}

/** Reads a result saved with `--json` for `--baseline`. */
export function readBaseline(text: string, file: string): BenchResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InputError(`${file}: the baseline is not valid JSON`);
  }
  const parsed = benchResultSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${file}: not a bench:core result saved with --json (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})`);
  }
  return parsed.data;
}

export interface Regression {
  label: string;
  baselineMs: number;
  currentMs: number;
  change: number;
}

/** Operations whose median grew by more than `maxRegression` (0.2 = 20 %) over the baseline's. */
export function compareWithBaseline(current: BenchResult, baseline: BenchResult, maxRegression: number): { compared: number; regressions: Regression[] } {
  const regressions: Regression[] = [];
  let compared = 0;
  for (const [label, now] of Object.entries(current.operations)) {
    const before = baseline.operations[label];
    if (!before || before.n === 0 || now.n === 0) continue;
    compared++;
    const change = before.medianMs > 0 ? now.medianMs / before.medianMs - 1 : 0;
    if (change > maxRegression) regressions.push({ label, baselineMs: before.medianMs, currentMs: now.medianMs, change });
  }
  return { compared, regressions };
}
