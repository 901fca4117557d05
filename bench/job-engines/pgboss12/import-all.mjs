// Loads every module of pg-boss 12's dist (and its dependencies' entry points) on this Node: a SyntaxError or
// a missing-export error at load time shows here. Usage: node import-all.mjs
import { readdirSync } from 'node:fs';
const dist = new URL('./node_modules/pg-boss/dist/', import.meta.url);
const files = readdirSync(dist, { recursive: true }).filter((f) => f.endsWith('.js') && f !== 'cli.js');
let bad = 0;
for (const f of files) { try { await import(new URL(f, dist)); } catch (e) { bad++; console.log('FAIL', f, e.constructor.name, e.message); } }
for (const p of ['cron-parser', 'rrule-temporal', 'serialize-error', 'pg', '@opentelemetry/api', 'luxon']) { try { await import(p); } catch (e) { bad++; console.log('FAIL', p, e.message); } }
console.log(`${process.version}: imported ${files.length} pg-boss dist modules (+6 dependencies), failures: ${bad}`);
