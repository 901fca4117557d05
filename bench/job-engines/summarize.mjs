// node summarize.mjs -> medians per configuration from results/single.jsonl and results/multi.jsonl
import { readFileSync, existsSync } from 'node:fs';
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const lines = (f) => existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)) : [];
const groups = new Map();
for (const r of lines('results/single.jsonl')) {
  const key = `${r.test} ${r.db} ${r.lib} conc=${r.conc}${r.lq ? ` localQueue=${r.lq}` : ''}${r.notify ? ' +nudge' : ''} poll=${r.pollMs}`;
  if (!groups.has(key)) groups.set(key, []); groups.get(key).push(r);
}
for (const [k, rs] of [...groups].sort()) {
  if (rs[0].test === 'latency') console.log(`${k.padEnd(62)} p50 ${rs.map((r) => r.p50_ms).join('/')} ms  p95 ${rs.map((r) => r.p95_ms).join('/')} ms  (runs: ${rs.length})`);
  else console.log(`${k.padEnd(62)} ${rs.map((r) => r.jobs_per_s).join(' / ')} jobs/s  median ${med(rs.map((r) => r.jobs_per_s))}  ${rs.some((r) => r.done !== r.n) ? 'INCOMPLETE' : ''}`);
}
const mg = new Map();
for (const r of lines('results/multi.jsonl')) {
  const key = `multi pg ${r.lib} workers=${r.workers} conc=${r.conc}${r.lq ? ` localQueue=${r.lq}` : ''}`;
  if (!mg.has(key)) mg.set(key, []); mg.get(key).push(r);
}
for (const [k, rs] of [...mg].sort()) console.log(`${k.padEnd(62)} ${rs.map((r) => r.runs_per_s).join(' / ')} runs/s  median ${med(rs.map((r) => r.runs_per_s))}  dup ${rs.map((r) => r.duplicates).join('/')}`);
