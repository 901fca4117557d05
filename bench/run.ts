/**
 * `npm run bench`: figures, not tests. Prints a table per area; `--json` prints one JSON object instead.
 * `--only editor`, `--only layout`, `--only server`, `--only engine` or `--only hardening` runs one area. Run with --expose-gc (the npm script does) so heap
 * growth is measured after a collection.
 */
import { measureEditorFigures, printEditorFigures } from './editor.ts';
import { measureEngineFigures, printEngineFigures } from './engine.ts';
import { measureHardeningFigures, printHardeningFigures } from './hardening.ts';
import { measureLayoutFigures, printLayoutFigures } from './layout.ts';
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
if (!only || only === 'hardening') {
  const hardening = await measureHardeningFigures();
  results.hardening = hardening;
  if (!json) printHardeningFigures(hardening);
}
if (json) console.log(JSON.stringify(results));
