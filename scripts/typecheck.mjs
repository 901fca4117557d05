// `npm run typecheck` (and a suite of `npm test`): tsconfig.json checks everything with every platform's
// types; each layer's config checks that the layer uses only its own platform (the domain no DOM, worker
// or Node types; the worker no DOM; the server no DOM). One test per config; closes with
// `typecheck: N passed, N failed` and exits non-zero when any config fails.
import { spawnSync } from 'node:child_process';

const CONFIGS = ['tsconfig.json', 'tsconfig.domain.json', 'tsconfig.worker.json', 'tsconfig.ui.json', 'tsconfig.server.json'];

let passed = 0;
let failed = 0;
for (const config of CONFIGS) {
  const { status, stdout, stderr } = spawnSync('npx', ['tsc', '--noEmit', '-p', config], { encoding: 'utf8' });
  if (status === 0) {
    passed += 1;
    console.log(`  ✓ ${config}`);
  } else {
    failed += 1;
    console.log(`  ✗ ${config}\n${stdout}${stderr.replace(/^npm warn.*\n/gm, '')}`);
  }
}
console.log(`typecheck: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
