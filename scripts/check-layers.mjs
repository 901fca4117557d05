// The layering check of `npm test`: every rule of .dependency-cruiser.cjs is one test, passed when no
// import breaks it. Closes with `layers: N passed, N failed` and exits non-zero on a breach.
//
// Through dependency-cruiser's API rather than its command: the command refuses Node 20 (the version this
// project runs on), the API runs on it.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const SCANNED_FOLDERS = ['src', 'server', 'tests', 'e2e', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
// Listed file by file: given a folder, the cruiser keeps only the extensions its own parsers know, and
// without TypeScript's JavaScript API that leaves every .ts file out.
const SCANNED = SCANNED_FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => join(folder, file))
    .filter((file) => SOURCE.test(file) && !file.split(sep).includes('node_modules')),
);
// One bad import can close dozens of cycles; the first few name it.
const SHOWN_PER_RULE = 5;

// Pure-JavaScript Babel rather than a native parser: a native one ships per-platform packages, and a lock
// file missing some of them stops `npm ci`.
//
// Babel erases `import type` and `export type … from`; a layer rule holds for types too, so this plugin
// (plugins run before presets) turns each into a bare `import 'module'` the cruiser still sees.
// It works on Program entry, before the TypeScript preset's own pass removes them.
const keepTypeImports = ({ types: t }) => ({
  visitor: {
    Program(program) {
      for (const statement of program.get('body')) {
        const { node } = statement;
        const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
        if (typeOnly && node.source) statement.replaceWith(t.importDeclaration([], t.stringLiteral(node.source.value)));
      }
    },
  },
});
const babelConfig = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [
    [require.resolve('@babel/preset-typescript'), { onlyRemoveTypeImports: true }],
    [require.resolve('@babel/preset-react'), { runtime: 'automatic' }],
  ],
};
const result = await cruise(
  SCANNED,
  { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } },
  undefined,
  { babelConfig },
);
const { summary } = result.output;

const describe = (violation) => {
  if (violation.cycle?.length) return `${violation.from} → ${violation.cycle.map((step) => step.name ?? step).join(' → ')}`;
  if (violation.from === violation.to) return violation.from;
  return `${violation.from} → ${violation.to}`;
};

let passed = 0;
let failed = 0;
for (const rule of config.forbidden) {
  const breaches = summary.violations.filter((violation) => violation.rule.name === rule.name);
  if (breaches.length === 0) {
    passed += 1;
    console.log(`  ✓ ${rule.name}`);
    continue;
  }
  failed += 1;
  console.log(`  ✗ ${rule.name}: ${rule.comment}`);
  for (const breach of breaches.slice(0, SHOWN_PER_RULE)) console.log(`      ${describe(breach)}`);
  if (breaches.length > SHOWN_PER_RULE) console.log(`      … and ${breaches.length - SHOWN_PER_RULE} more`);
}
console.log(`${summary.totalCruised} modules checked`);
console.log(`layers: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
