// `npm start`: build the SPA when dist/ is missing or older than its sources, then run the server
// in this same process (tsx compiles server/ on the fly), so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist', 'index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['src', 'rsbuild.config.ts', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

if (process.env.SKIP_BUILD !== '1' && buildIsStale()) {
  console.log('Building the web app (dist/)…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
