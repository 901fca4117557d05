// node summarize-admit.mjs -> every run and the median per workload, database and engine (results/admit.jsonl)
import { readFileSync } from 'node:fs';
const med = (xs) => { const s = xs.filter((x) => x != null).sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const rows = readFileSync('results/admit.jsonl', 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
const label = (r) => (r.procs ? `W3 pg ${r.procs} proc` : r.w === 1 ? `W1 ${r.db}` : `W2 ${r.db} run ${r.workMs} ms`) + (r.rewake ? " --rewake" : "");
const groups = new Map();
for (const r of rows) { const k = `${label(r)} | ${r.engine}`; if (!groups.has(k)) groups.set(k, []); groups.get(k).push(r); }
const cell = (rs, f) => `${rs.map(f).join('/')} → **${med(rs.map(f))}**`;
console.log('| workload | engine | jobs/s | B done (ms) | A jobs/s | stmts/job (worker+enqueue) | deferrals | checks |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [k, rs] of groups) {
  const [w, e] = k.split(' | ');
  const two = rs[0].w === 2;
  console.log(`| ${w} | ${e} | ${cell(rs, (r) => r.jobs_per_s)} | ${two ? cell(rs, (r) => r.b_ms) : ''} | ${two ? cell(rs, (r) => r.a_jobs_per_s) : ''} | ${med(rs.map((r) => r.stmts_per_job))} | ${rs[0].engine === 'boss-defer' ? med(rs.map((r) => r.deferrals)) : ''} | ${rs.every((r) => r.ok) ? `ok ×${rs.length}, max/user ${Math.max(...rs.map((r) => r.max_busy_per_user))}` : 'FAILED: ' + rs.filter((r) => !r.ok).map((r) => JSON.stringify({ twice: r.executed_twice, never: r.never_executed, statuses: r.statuses, max: r.max_busy_per_user })).join(' ')} |`);
}
// Statements per job by kind (runs that recorded it), median per kind.
console.log('\n| workload | engine | statements per job, by kind (median of the runs) |\n|---|---|---|');
for (const [k, rs] of groups) {
  const withKinds = rs.filter((r) => r.per_job_by_kind);
  if (!withKinds.length) continue;
  const kinds = [...new Set(withKinds.flatMap((r) => Object.keys(r.per_job_by_kind)))];
  const parts = kinds.map((kind) => [kind, med(withKinds.map((r) => r.per_job_by_kind[kind] ?? 0))]).filter(([, v]) => v >= 0.005).sort((x, y) => y[1] - x[1]);
  const [w, e] = k.split(' | ');
  console.log(`| ${w} | ${e} | ${parts.map(([kind, v]) => `${kind} ${v.toFixed(2)}`).join(', ')} (runs: ${withKinds.length}) |`);
}
