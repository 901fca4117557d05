#!/bin/bash
# Single-process figures, libraries alternated run by run (A, B, A, B...) so machine noise hits both alike.
# Usage: bash run-all.sh [reps]   -> results/single.jsonl (one JSON line per run)
cd "$(dirname "$0")"; REPS=${1:-2}; OUT=results/single.jsonl
b() { timeout 180 node bench.mjs "$@" 2>>results/stderr.log | tail -1 | tee -a $OUT; }
for r in $(seq $REPS); do
  # (a) no-op, 2,000 queued at once
  b --lib=gw --db=pg --test=noop;            b --lib=boss --db=pg --test=noop
  b --lib=gw --db=pg --test=noop --lq=20;    b --lib=boss --db=pg --test=noop --conc=20
  b --lib=gw --db=pglite --test=noop --notify;          b --lib=boss --db=pglite --test=noop --notify
  b --lib=gw --db=pglite --test=noop --notify --lq=20;  b --lib=boss --db=pglite --test=noop --notify --conc=20
  # (b) INSERT RUNNING + UPDATE SUCCEEDED per job
  b --lib=gw --db=pg --test=real;            b --lib=boss --db=pg --test=real
  b --lib=gw --db=pg --test=real --lq=20;    b --lib=boss --db=pg --test=real --conc=20
  b --lib=gw --db=pglite --test=real --notify;          b --lib=boss --db=pglite --test=real --notify
  b --lib=gw --db=pglite --test=real --notify --lq=20;  b --lib=boss --db=pglite --test=real --notify --conc=20
  # (c) enqueue -> handler start on an idle queue, 100 jobs 30-100 ms apart
  b --lib=gw --db=pg --test=latency;                     b --lib=boss --db=pg --test=latency --poll=500
  b --lib=gw --db=pg --test=latency --lq=20;             b --lib=boss --db=pg --test=latency --poll=500 --notify
  b --lib=gw --db=pglite --test=latency --poll=2000;     b --lib=boss --db=pglite --test=latency --poll=500
  b --lib=gw --db=pglite --test=latency --notify;        b --lib=boss --db=pglite --test=latency --poll=500 --notify
done
