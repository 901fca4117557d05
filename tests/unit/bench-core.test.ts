/**
 * `npm run bench:core` as a team would use it in CI: figures for a fixture flow, a stable JSON result,
 * a baseline that passes and one that catches a regression, the Activepieces comparison, and bad files
 * and scripts refused with one line naming the problem and exit code 2. Timings are never asserted.
 */
import { beforeAll, describe, expect, it } from '@rstest/core';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromNestedFlow, toNestedFlowJson } from '../../src/domain/flow/index.ts';
import { mixedFlow } from '../../bench/flow-generator.ts';
import { benchResultSchema, type BenchResult } from '../../bench/core/report.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bench-core-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function benchCore(...args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/core/cli.ts', ...args], { cwd: root, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let flow: string;
let result: BenchResult;

beforeAll(async () => {
  flow = file('flow.json', toNestedFlowJson(fromNestedFlow(mixedFlow(120).nested)));
  const run = await benchCore('--flow', flow, '--reps', '5', '--json', '--compare-activepieces');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  result = benchResultSchema.parse(JSON.parse(run.stdout));
}, 120_000);

describe('npm run bench:core', () => {
  it('times the default mix on a flow file, with the machine and versions, in a stable JSON shape', () => {
    expect(result.flow.steps).toBe(120);
    expect(result.versions.node).toBe(process.versions.node);
    expect(result.machine.cores).toBeGreaterThan(0);
    expect(Object.keys(result.operations)).toEqual(
      expect.arrayContaining(['UPDATE_ACTION', 'ADD_ACTION', 'DELETE_ACTION', 'DUPLICATE_ACTION', 'SET_SKIP_ACTION', 'MOVE_ACTION', 'ADD_BRANCH', 'undo', 'redo']),
    );
    for (const figures of Object.values(result.operations)) {
      expect(figures.n + figures.refused).toBe(5);
      expect(figures.p95Ms).toBeGreaterThanOrEqual(figures.medianMs);
      expect(figures.maxMs).toBeGreaterThanOrEqual(figures.p95Ms);
    }
    expect(result.operations.ADD_ACTION!.patchBytes).toBeGreaterThan(result.operations.SET_SKIP_ACTION!.patchBytes);
  });

  it("runs the same operations on Activepieces' and gives the ratio per operation", () => {
    expect(result.versions.activepieces).toMatch(/^\d+\.\d+\.\d+/);
    const update = result.operations.UPDATE_ACTION!.activepieces!;
    expect(update.n).toBe(5);
    expect(update.ratio).toBeCloseTo(update.medianMs / result.operations.UPDATE_ACTION!.medianMs, 6);
    expect(result.operations.undo!.activepieces).toBeUndefined();
  });

  it('passes against a baseline it matches and fails on a regression past the limit', async () => {
    const scaled = (factor: number) => ({
      ...result,
      operations: Object.fromEntries(Object.entries(result.operations).map(([label, o]) => [label, { ...o, medianMs: o.medianMs * factor }])),
    });
    const slower = file('slower.json', JSON.stringify(scaled(1000)));
    const faster = file('faster.json', JSON.stringify(scaled(0.001)));
    const pass = await benchCore('--flow', flow, '--reps', '5', '--baseline', slower, '--max-regression', '20%');
    expect(pass.code).toBe(0);
    expect(pass.stdout).toContain('operations compared, limit +20 %');
    const fail = await benchCore('--flow', flow, '--reps', '5', '--baseline', faster, '--max-regression', '20%');
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/^REGRESSION UPDATE_ACTION: /m);
  });

  it('times a script of operations by their labels', async () => {
    const script = file(
      'ops.json',
      JSON.stringify([
        { label: 'rename step 5', type: 'UPDATE_ACTION', request: { name: 'step_5', type: 'PIECE', displayName: 'Renamed', settings: { pieceName: '@activepieces/piece-http', pieceVersion: '~0.5.0', actionName: 'send_request', input: { method: 'GET', url: 'https://example.com' } } } },
        { type: 'UNDO' },
      ]),
    );
    const run = await benchCore('--flow', flow, '--ops', script, '--reps', '3', '--json');
    const parsed = benchResultSchema.parse(JSON.parse(run.stdout));
    expect(Object.keys(parsed.operations)).toEqual(['rename step 5', 'UNDO']);
    expect(parsed.script).toBe(script);
  });
});

describe('bench:core refuses bad input in one line, exit code 2', () => {
  const refused = async (args: string[], line: RegExp) => {
    const run = await benchCore(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(line);
  };

  it('a flow file that is not JSON, not a flow, too deep or too large', async () => {
    await refused(['--flow', file('broken.json', '{\n  "displayName": "x",\n  "trigger": ]')], /broken\.json: The file is not valid JSON \(line 3, column \d+\)$/);
    await refused(['--flow', file('list.json', '[]')], /list\.json: This is not a flow: a flow file is a JSON object with a trigger \(whole file\)$/);
    await refused(['--flow', file('deep.json', '{"a":'.repeat(100_001))], /deep\.json: The file nests deeper than 100,000 levels/);
    await refused(['--flow', file('large.json', `"${'x'.repeat(21 * 1024 * 1024)}"`)], /large\.json: The file is 21\.0 MB; a flow file may be at most 20 MB/);
    await refused(['--flow', join(dir, 'missing.json')], /missing\.json: cannot read the flow file \(ENOENT\)/);
  });

  it('a script with an unknown operation or step, and a bad option', async () => {
    const unknownOp = file('unknown-op.json', JSON.stringify([{ type: 'SET_SKIP_ACTION', request: { names: ['step_1'], skip: true } }, { type: 'RENAME_EVERYTHING' }]));
    await refused(['--flow', flow, '--ops', unknownOp], /unknown-op\.json, operation 2: unknown operation 'RENAME_EVERYTHING' \(known: ADD_ACTION, /);
    const unknownStep = file('unknown-step.json', JSON.stringify([{ type: 'DELETE_ACTION', request: { names: ['step_999'] } }]));
    await refused(['--flow', flow, '--ops', unknownStep], /unknown-step\.json, operation 1 \(DELETE_ACTION\): step 'step_999' is not in the flow$/);
    await refused(['--flow', flow, '--reps', 'many'], /--reps: 'many' is not a whole number from 1 to 100000$/);
  });
});
