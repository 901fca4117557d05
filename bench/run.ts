/**
 * `npm run bench`: figures, not tests. Prints a table per area; `--json` prints one JSON object instead.
 * `--only editor`, `--only layout`, `--only server`, `--only engine`, `--only run-path`, `--only hardening` or `--only analytics` runs one area (analytics: `--analytics-runs N`,
 * default 1,000,000; BENCH_DATABASE_URL adds PostgreSQL; engine: see bench/engine.ts for its options, e.g.
 * `--server-dir DIR` to drive another checkout's server). Run with --expose-gc (the npm script does) so heap
 * growth is measured after a collection.
 */
import { measureAnalyticsFigures, printAnalyticsFigures } from './analytics.ts';
import { measureEditorFigures, printEditorFigures } from './editor.ts';
import { measureEngineFigures, printEngineFigures } from './engine.ts';
import { measureHardeningFigures, printHardeningFigures } from './hardening.ts';
import { measureLayoutFigures, printLayoutFigures } from './layout.ts';
import { measureRunPath, printRunPathFigures } from './run-path.ts';
import { measureServerFigures, printServerFigures } from './server.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const results: Record<string, unknown> = {};
if (!only || only === 'editor') {
  const editor = await measureEditorFigures();
  results.editor = editor;
  if (!json) printEditorFigures(editor);
}
if (!only || only === 'layout') {
  const layout = await measureLayoutFigures();
  results.layout = layout;
  if (!json) printLayoutFigures(layout);
}
if (!only || only === 'server') {
  const server = await measureServerFigures();
  results.server = server;
  if (!json) printServerFigures(server);
}
if (!only || only === 'engine') {
  const engine = await measureEngineFigures();
  results.engine = engine;
  if (!json) printEngineFigures(engine);
}
if (!only || only === 'run-path') {
  const runPath = await measureRunPath();
  results.runPath = runPath;
  if (!json) printRunPathFigures(runPath);
}
if (!only || only === 'hardening') {
  const hardening = await measureHardeningFigures();
  results.hardening = hardening;
  if (!json) printHardeningFigures(hardening);
}
if (!only || only === 'analytics') {
  const analytics = await measureAnalyticsFigures();
  results.analytics = analytics;
  if (!json) printAnalyticsFigures(analytics);
}
if (json) console.log(JSON.stringify(results));
