// `npm test`: every suite a fresh machine can run — the layering rules (dependency-cruiser, one test per
// rule), the types of each layer (one test per tsconfig), unit and UI (rstest), server (rstest, on PGlite, and again on PostgreSQL when TEST_DATABASE_URL
// is set), and the browser (Playwright) — then one closing line `tests: N passed, N failed` summing them
// all. Exits non-zero when any suite fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ANSI = /\u001b\[[0-9;]*m/g;

function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n=== ${label} ===`);
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (stream) => (chunk) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output: output.replace(ANSI, '') }));
  });
}

/** rstest closes with `Tests 7 passed` or `Tests 2 failed | 5 passed (7)`. */
function rstestCounts(output) {
  const line = output.split('\n').reverse().find((l) => /^\s*Tests\s+\d+/.test(l)) ?? '';
  return { passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0), failed: Number(/(\d+) failed/.exec(line)?.[1] ?? 0) };
}

/** Playwright closes with `  2 passed (6.4s)`, `  1 failed`, `  1 flaky`. */
function playwrightCounts(output) {
  const count = (word) => Number(new RegExp(`^\\s*(\\d+) ${word}`, 'm').exec(output)?.[1] ?? 0);
  return { passed: count('passed') + count('flaky'), failed: count('failed') + count('timed out') };
}

/** Our own checks close with one line such as `layers: 10 passed, 1 failed` (one test per rule or config). */
const closingCounts = (word) => (output) => {
  const match = new RegExp(`^${word}: (\\d+) passed, (\\d+) failed$`, 'm').exec(output);
  return { passed: Number(match?.[1] ?? 0), failed: Number(match?.[2] ?? 0) };
};

/**
 * The names of the tests that failed, so a log read from its tail says which ones: rstest marks them
 * `✗ file > test`, Playwright lists them under its `N failed` line, our own checks print `✗ name`.
 */
function failedNames(output) {
  const names = new Set();
  const lines = output.split('\n');
  const fileFailures = rstestFileFailures(lines);
  lines.forEach((line, i) => {
    const marked = /^\s*✗\s+(.+?)\s*(\(\d[\d.]*m?s\))?$/.exec(line);
    if (!marked) return;
    // rstest puts the assertion's first line under the test's own: keep it, so the tail says why.
    const why = lines[i + 1] ?? '';
    const indented = why.length - why.trimStart().length > line.length - line.trimStart().length;
    // A whole file marked failed (a hook, an uncaught error, a crashed worker) says why only in rstest's summary.
    const fileWhy = [...fileFailures].find(([file]) => marked[1].includes(file))?.[1];
    const reason = indented && !/^\s*[✓✗]/.test(why) ? why.trim() : fileWhy;
    names.add(reason ? `${marked[1]}\n      why: ${reason.slice(0, 800)}` : marked[1]);
  });
  for (const line of playwrightListed(output, 'failed')) names.add(line);
  return [...names].slice(0, 50);
}

/**
 * rstest's `Summary of all failing tests` names a failed file as ` FAIL  tests/x.test.ts` (no `>`, unlike a
 * failed test) with its error on the next lines: the file and the error's first lines, up to the source excerpt.
 */
function rstestFileFailures(lines) {
  const failures = new Map();
  lines.forEach((line, i) => {
    const fail = /^\s*FAIL\s+(\S+)\s*$/.exec(line);
    if (!fail) return;
    const why = [];
    for (const next of lines.slice(i + 1, i + 8)) {
      if (/^\s*(FAIL|\d+ \||>|Test Files)/.test(next)) break;
      if (next.trim()) why.push(next.trim());
    }
    failures.set(fail[1], why.slice(0, 3).join(' / '));
  });
  return failures;
}

/** The tests Playwright lists under its closing `N failed` or `N flaky` line. */
function playwrightListed(output, word) {
  const listed = new RegExp(`^\\s*\\d+ ${word}\\n((?:\\s+\\[.+\\n?)+)`, 'm').exec(output);
  return (listed?.[1]?.split('\n') ?? []).map((line) => line.replace(/[─\s]+$/, '').trim()).filter(Boolean);
}

const suites = [];
async function suite(label, command, args, parse, env) {
  const { code, output } = await run(label, command, args, env);
  const counts = parse(output);
  // A runner that crashed before counting must still fail the run.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  suites.push({ label, ...counts, code, failures: counts.failed > 0 ? failedNames(output) : [], flaky: playwrightListed(output, 'flaky') });
}

const npx = 'npx';
await suite('layering rules (dependency-cruiser)', process.execPath, ['scripts/check-layers.mjs'], closingCounts('layers'));
await suite('types, per layer', process.execPath, ['scripts/typecheck.mjs'], closingCounts('typecheck'));
await suite('unit, ui and server tests (PGlite)', npx, ['rstest', 'run'], rstestCounts, { DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  await suite('server tests (PostgreSQL)', npx, ['rstest', 'run', '--project', 'node', 'tests/server'], rstestCounts, {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
}
if (process.env.SKIP_E2E !== '1') {
  const build = await run('build the web app', npx, ['rsbuild', 'build']);
  if (build.code !== 0) suites.push({ label: 'build', passed: 0, failed: 1, code: build.code });
  else {
    const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-e2e-'));
    await suite('browser tests (Playwright)', npx, ['playwright', 'test'], playwrightCounts, { E2E_DATA_DIR: dataDir });
  }
}

console.log('');
for (const s of suites) {
  console.log(`${s.label}: ${s.passed} passed, ${s.failed} failed`);
  for (const name of s.failures ?? []) console.log(`  failed: ${name}`);
  for (const name of s.flaky ?? []) console.log(`  flaky (failed, then passed on its retry): ${name}`);
}
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || suites.some((s) => s.code !== 0) ? 1 : 0);
