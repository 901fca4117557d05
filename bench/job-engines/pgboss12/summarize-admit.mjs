// Copied from ../summarize-admit.mjs; changes: W2 over N processes has its own label, pg-boss's own active count per
// group is shown beside ours, and the `other` statements are listed.
// node summarize-admit.mjs -> every run and the median per workload, database and engine (results/admit.jsonl)
import { readFileSync } from 'node:fs';
const med = (xs) => { const s = xs.filter((x) => x != null).sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const rows = readFileSync('results/admit.jsonl', 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
const label = (r) => (r.procs ? (r.w === 1 ? `W3 pg ${r.procs} proc` : `W2 pg ${r.procs} proc run ${r.workMs} ms`) : r.w === 1 ? `W1 ${r.db}` : `W2 ${r.db} run ${r.workMs} ms`) + (r.rewake ? " --rewake" : "");
const groups = new Map();
for (const r of rows) { const k = `${label(r)} | ${r.engine}`; if (!groups.has(k)) groups.set(k, []); groups.get(k).push(r); }
const cell = (rs, f) => `${rs.map(f).join('/')} → **${med(rs.map(f))}**`;
console.log('| workload | engine | jobs/s | B done (ms) | A jobs/s | stmts/job (worker+enqueue) | checks (max per user: flow_runs busy / pg-boss active) |');
console.log('|---|---|---|---|---|---|---|');
for (const [k, rs] of groups) {
  const [w, e] = k.split(' | ');
  const two = rs[0].w === 2;
  console.log(`| ${w} | ${e} | ${cell(rs, (r) => r.jobs_per_s)} | ${two ? cell(rs, (r) => r.b_ms) : ''} | ${two ? cell(rs, (r) => r.a_jobs_per_s) : ''} | ${med(rs.map((r) => r.stmts_per_job))} | ${rs.every((r) => r.ok) ? 'ok' : `**FAILED ${rs.filter((r) => !r.ok).length} of ${rs.length}**`} ×${rs.length}: max ${rs.map((r) => r.max_busy_per_user + (r.max_active_per_group != null ? '/' + r.max_active_per_group : '')).join(', ')}; twice ${rs.reduce((x, r) => x + r.executed_twice, 0)}, never ${rs.reduce((x, r) => x + r.never_executed, 0)}, not SUCCEEDED ${rs.reduce((x, r) => x + (r.n - (r.statuses.SUCCEEDED ?? 0)), 0)} |`);
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
// The `other` statements (pg-boss's background work), summed over all runs of an engine.
const other = {};
for (const r of rows) for (const [k, v] of Object.entries(r.other_stmts ?? {})) { other[r.engine] ??= {}; other[r.engine][k] = (other[r.engine][k] ?? 0) + v; }
console.log('\n| engine | `other` statements, summed over its runs (first words) |\n|---|---|');
for (const [e, o] of Object.entries(other)) console.log(`| ${e} | ${Object.entries(o).sort((x, y) => y[1] - x[1]).slice(0, 8).map(([k, v]) => `${v}× \`${k.replace(/\|/g, '\\|')}\``).join('<br>')} |`);
