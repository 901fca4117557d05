#!/bin/bash
# (d) PostgreSQL, 1/2/4 worker processes, realistic handler, 2,000 runs; libraries alternated. -> results/multi.jsonl
cd "$(dirname "$0")"; REPS=${1:-2}; OUT=results/multi.jsonl
m() { timeout 240 node multi.mjs "$@" 2>>results/stderr-multi.log | tail -1 | tee -a $OUT; }
for r in $(seq $REPS); do for w in 1 2 4; do
  m --lib=gw --workers=$w;          m --lib=boss --workers=$w
  m --lib=gw --workers=$w --lq=20;  m --lib=boss --workers=$w --conc=20
done; done
