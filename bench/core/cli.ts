/**
 * `npm run bench:core -- --flow my-flow.json [--ops script.json] [--reps N] [--json]
 *   [--baseline old.json --max-regression 20%] [--compare-activepieces] [--at step_N]`
 *
 * Loads anyone's flow file into the headless editor core and times a default mix of edits (or the given
 * operation script): median / p95 / max per operation, bytes of patches, heap growth, with the machine and
 * versions in the header. Exit codes: 0 done, 1 a regression past --max-regression, 2 bad input (one line
 * naming the problem and where it is).
 */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FlowFileError, readFlowFile } from '../../src/worker/headless.ts';
import { measureActivepieces } from './activepieces.ts';
import { InputError } from './input-error.ts';
import { measureCore } from './measure.ts';
import { buildResult, compareWithBaseline, printResult, readBaseline } from './report.ts';
import { defaultMix, readScript } from './script.ts';

const USAGE = 'usage: npm run bench:core -- --flow FILE [--ops FILE] [--reps N] [--json] [--baseline FILE --max-regression 20%] [--compare-activepieces] [--at STEP]';

function readText(file: string, what: string): string {
  try {
    if (statSync(file).size > 64 * 1024 * 1024) throw new InputError(`${file}: the ${what} is larger than 64 MB`);
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${file}: cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

function percent(text: string): number {
  const match = /^(\d+(?:\.\d+)?)%?$/.exec(text.trim());
  if (!match) throw new InputError(`--max-regression: '${text}' is not a percentage such as 20%`);
  return Number(match[1]) / 100;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        flow: { type: 'string' },
        ops: { type: 'string' },
        reps: { type: 'string', default: '100' },
        json: { type: 'boolean', default: false },
        baseline: { type: 'string' },
        'max-regression': { type: 'string', default: '20%' },
        'compare-activepieces': { type: 'boolean', default: false },
        at: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new InputError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!args.flow) throw new InputError(`--flow is required\n${USAGE}`);
  const reps = Number(args.reps);
  if (!Number.isInteger(reps) || reps < 1 || reps > 100_000) throw new InputError(`--reps: '${args.reps}' is not a whole number from 1 to 100000`);
  const maxRegression = percent(args['max-regression']);

  const flowText = readText(args.flow, 'flow file');
  let version;
  try {
    version = readFlowFile(flowText);
  } catch (error) {
    if (error instanceof FlowFileError) throw new InputError(`${args.flow}: ${error.message}`);
    throw error;
  }
  const scripted = args.ops !== undefined;
  const entriesOf = scripted ? ((script) => () => script)(readScript(readText(args.ops!, 'operation script'), args.ops!, version)) : defaultMix(version, args.at ?? null);
  const baseline = args.baseline ? readBaseline(readText(args.baseline, 'baseline'), args.baseline) : null;

  const warmup = Math.min(20, Math.max(3, Math.floor(reps / 5)));
  const core = await measureCore(version, entriesOf, { reps, warmup, scripted });
  const activepieces = args['compare-activepieces'] ? measureActivepieces(version, entriesOf, { reps, warmup }) : null;
  const steps = version.steps.reduce((n, step) => (step ? n + 1 : n), 0);
  const result = buildResult({ flowFile: args.flow, steps, bytes: Buffer.byteLength(flowText), script: scripted ? args.ops! : 'default mix', reps, core, activepieces });

  const log = args.json ? (line: string) => process.stderr.write(`${line}\n`) : (line: string) => console.log(line);
  if (args.json) console.log(JSON.stringify(result, null, 2));
  else printResult(result, log);

  if (!baseline) return 0;
  const { compared, regressions } = compareWithBaseline(result, baseline, maxRegression);
  log(`baseline ${args.baseline}: ${compared} operations compared, limit +${(maxRegression * 100).toFixed(0)} % on the median`);
  for (const r of regressions) {
    log(`REGRESSION ${r.label}: ${r.baselineMs.toFixed(3)} → ${r.currentMs.toFixed(3)} ms (+${(r.change * 100).toFixed(0)} %)`);
  }
  if (compared === 0) log('no operation in common with the baseline');
  return regressions.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof InputError) {
      process.stderr.write(`bench:core: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`bench:core: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(3);
  },
);
