#!/bin/bash
# Our queue vs pg-boss 12 under our admission rules (admit.mjs); engines alternated run by run (and their order
# flipped every other round) so machine noise hits them alike. Usage: bash run-admit.sh [reps]
#   -> results/admit.jsonl (one JSON line per run); then node summarize-admit.mjs
cd "$(dirname "$0")"; OUT=results/admit.jsonl; REPS=${1:-3}
r() { timeout 300 node admit.mjs "$@" 2>>results/stderr-admit.log | tail -1 | tee -a $OUT; }
for rep in $(seq $REPS); do
  if [ $((rep % 2)) = 1 ]; then E="ours boss12-group"; L="ours boss12-group boss12-locked"; else E="boss12-group ours"; L="boss12-locked boss12-group ours"; fi
  for db in pg pglite; do for e in $E; do r --engine=$e --db=$db --w=1; done; done                 # W1
  for db in pg pglite; do for e in $E; do r --engine=$e --db=$db --w=2 --work-ms=50; done; done    # W2, runs of 50 ms
  for e in $E; do r --engine=$e --db=pg --w=2; done                                                 # W2, instant runs
  for p in 1 2 4; do for e in $L; do r --engine=$e --db=pg --w=1 --procs=$p; done; done           # W3
  for e in $L; do r --engine=$e --db=pg --w=2 --work-ms=50 --procs=4; done                         # W2 over 4 processes: is the limit exact?
  if [ $rep = 1 ]; then for db in pg pglite; do r --engine=boss12-work --db=$db --w=2 --work-ms=50; done; fi  # pg-boss's own work() loop
done
