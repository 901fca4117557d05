/**
 * The README's `flowsmith/core` example, run exactly as written (a script in this repository, through
 * tsx and the package's own `exports`), so the documentation cannot drift from the code.
 */
import { describe, expect, it } from '@rstest/core';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readFlowFile } from '../../src/worker/headless.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

function readmeExample(): string {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const block = /<!-- core-example -->\n```ts\n([\s\S]*?)\n```/.exec(readme);
  if (!block?.[1]) throw new Error('README has no core example');
  return block[1];
}

describe("README's editor-core example", () => {
  it('runs as written: opens the file, edits, undoes, and writes the nested form', async () => {
    const script = `${root}.tmp/readme-core-example.ts`;
    mkdirSync(`${root}.tmp`, { recursive: true });
    rmSync(`${root}.tmp/hello-flow-out.json`, { force: true });
    writeFileSync(script, readmeExample());
    // Plain text as a terminal without colours shows it (CI sets FORCE_COLOR, which colours console.log's objects).
    const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { cwd: root, env });
    expect(stdout.split('\n')[0]).toBe('1 step, valid: false');
    expect(stdout).toContain("2 steps; undo: [ 'Add step step_2' ] redo: [ 'Skip step step_1' ]");
    const written = readFlowFile(readFileSync(`${root}.tmp/hello-flow-out.json`, 'utf8'));
    const steps = written.steps.flatMap((step) => (step ? [[step.name, step.displayName, Boolean(step.skip)]] : []));
    expect(steps).toEqual([
      ['step_1', 'Greet', false],
      ['step_2', 'Shout', false],
    ]);
  });
});
