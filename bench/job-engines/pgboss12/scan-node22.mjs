// Static scan of pg-boss 12 and its runtime dependencies for JavaScript / Node APIs that Node 20.20.2 lacks
// (each is checked live below, so the list says what THIS node has). Usage: node scan-node22.mjs
//   -> every hit: package, file:line, API, and an excerpt. Hits in comments/strings are reported too: read them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs'), util = require('node:util'), mod = require('node:module');
// [label, regex over source, is it missing on this Node?]
const APIS = [
  ['Promise.withResolvers', /Promise\.withResolvers/, !Promise.withResolvers],
  ['Promise.try', /Promise\.try\b/, !Promise.try],
  ['Object.groupBy / Map.groupBy', /\b(Object|Map)\.groupBy\b/, !Object.groupBy],
  ['Array.fromAsync', /Array\.fromAsync/, !Array.fromAsync],
  ['Set methods (union, intersection, ...)', /\.(union|intersection|difference|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\(/, !Set.prototype.union],
  ['Iterator helpers / Iterator global', /\bIterator\.(from|prototype)|\.(values|keys|entries)\(\)\s*\.\s*(map|filter|take|drop|flatMap|reduce|toArray|forEach|some|every|find)\(|\.toArray\(\)/, typeof globalThis.Iterator === 'undefined'],
  ['process.getBuiltinModule', /getBuiltinModule/, !process.getBuiltinModule],
  ['import.meta.dirname/filename', /import\.meta\.(dirname|filename)/, false],
  ['RegExp.escape', /RegExp\.escape/, !RegExp.escape],
  ['Error.isError', /Error\.isError/, !Error.isError],
  ['Math.sumPrecise', /Math\.sumPrecise/, !Math.sumPrecise],
  ['Float16Array', /Float16Array/, typeof globalThis.Float16Array === 'undefined'],
  ['Uint8Array base64/hex', /Uint8Array\.from(Base64|Hex)|\.to(Base64|Hex)\(\)/, !Uint8Array.fromBase64],
  ['ArrayBuffer transfer/resizable', /\.transfer(ToFixedLength)?\(|maxByteLength/, !ArrayBuffer.prototype.transfer],
  ['Atomics.pause', /Atomics\.pause/, !Atomics.pause],
  ['Intl.DurationFormat', /DurationFormat/, !Intl.DurationFormat],
  ['Temporal global (bare)', /(?<![.\w$])Temporal\.(Now|Instant|ZonedDateTime|PlainDate|PlainDateTime|Duration|PlainTime)/, typeof globalThis.Temporal === 'undefined'],
  ['navigator global', /(?<![.\w$#])navigator\./, typeof globalThis.navigator === 'undefined'],
  ['WebSocket global', /new WebSocket\(/, typeof globalThis.WebSocket === 'undefined'],
  ['fs.glob / globSync', /\b(glob|globSync)\(/, !fs.glob],
  ['util.getCallSites', /getCallSites/, !util.getCallSites],
  ['module.enableCompileCache / findPackageJSON / stripTypeScriptTypes', /enableCompileCache|findPackageJSON|stripTypeScriptTypes/, !mod.enableCompileCache],
  ['node:sqlite', /node:sqlite/, true],
  ['using / await using declarations', /(^|[;{}\s])(await\s+)?using\s+[A-Za-z_$][\w$]*\s*=/, true],
  ['RegExp modifiers (?i:', /\(\?[imsx]+(-[imsx]+)?:/, (() => { try { new RegExp('(?i:a)'); return false; } catch { return true; } })()],
  ['util.styleText / parseEnv / process.loadEnvFile (20.12+)', /styleText|parseEnv|loadEnvFile/, !util.styleText],
  ['URL.parse (20.18+) / URL.canParse', /URL\.(parse|canParse)\(/, !URL.parse],
  ['AbortSignal.any (20.3+)', /AbortSignal\.any/, !AbortSignal.any],
  ['import attributes `with { type: ... }`', /\bwith\s*\{\s*type\s*:/, false],
  ['require(esm) (20.19+ unflagged)', /\brequire\(/, !process.features.require_module],
];
const PKGS = ['pg-boss', 'cron-parser', 'luxon', 'rrule-temporal', 'temporal-spec', 'serialize-error', 'non-error', 'type-fest', 'tagged-tag', '@opentelemetry/api',
  'pg', 'pg-pool', 'pg-protocol', 'pg-types', 'pg-connection-string', 'pgpass', 'split2', 'pg-cloudflare'];
const files = (dir) => readdirSync(dir).flatMap((f) => { const p = join(dir, f); return statSync(p).isDirectory() ? (f === 'node_modules' ? [] : files(p)) : /\.(c|m)?js$/.test(f) ? [p] : []; });
console.log(`node ${process.version}, V8 ${process.versions.v8}; missing here: ${APIS.filter((a) => a[2]).map((a) => a[0]).join('; ')}\n`);
let missingHits = 0;
for (const name of PKGS) {
  const root = join('node_modules', name);
  const hits = [];
  for (const f of files(root)) {
    if (f.endsWith('.d.ts')) continue;
    const lines = readFileSync(f, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const [label, re, missing] of APIS) {
        if (label.startsWith('require(esm)')) continue; // judged by type below, not by text
        const m = re.exec(line);
        if (m) hits.push({ where: `${relative(root, f)}:${i + 1}`, label, missing, excerpt: line.slice(Math.max(0, m.index - 60), m.index + 80).trim() });
      }
    });
  }
  const pj = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  console.log(`## ${name} ${pj.version} (engines ${JSON.stringify(pj.engines ?? {})}, ${pj.type === 'module' ? 'ESM' : 'CJS'}): ${hits.length} hits`);
  for (const h of hits) { if (h.missing) missingHits++; console.log(`  ${h.missing ? 'MISSING ON NODE 20' : 'present on node 20'} | ${h.label} | ${h.where} | ${h.excerpt.slice(0, 140)}`); }
}
console.log(`\nhits on APIs missing here: ${missingHits} (each must be read: a hit may be a feature test, a polyfill, or a comment)`);
