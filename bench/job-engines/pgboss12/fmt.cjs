// Prints the last JSON line of stdin (one admit.mjs run) as a short line. Usage: node admit.mjs ... | node fmt.mjs
const l = require('fs').readFileSync(0, 'utf8').trim().split('\n').pop();
try { const r = JSON.parse(l); console.log([r.engine, r.db, `w${r.w}`, r.procs ? `${r.procs}p` : '', r.workMs ? `${r.workMs}ms` : '', `${r.jobs_per_s}/s`, r.w === 2 ? `B ${r.b_ms} A/s ${r.a_jobs_per_s}` : '', `stmts ${r.stmts_per_job}`, `ok ${r.ok}`, `busy ${r.max_busy_per_user}`, r.max_active_per_group ?? ''].join(' ')); } catch { console.log(l); }
