#!/bin/bash
# Our queue vs pg-boss under our admission rules (admit.mjs); engines alternated run by run so machine noise
# hits them alike. Usage: bash run-admit.sh [reps]   -> results/admit.jsonl (one JSON line per run)
cd "$(dirname "$0")"; OUT=results/admit.jsonl
if [ "$1" = rewake ]; then REWAKE=1; shift; fi; REPS=${1:-3}
r() { timeout 300 node admit.mjs "$@" 2>>results/stderr-admit.log | tail -1 | tee -a $OUT; }
E="ours boss-defer boss-park"
if [ -n "$REWAKE" ]; then
  for rep in $(seq $REPS); do for db in pg pglite; do for e in $E; do r --engine=$e --db=$db --w=2 --work-ms=50 --rewake; done; done; done
  exit 0
fi
for rep in $(seq $REPS); do
  for db in pg pglite; do for e in $E; do r --engine=$e --db=$db --w=1; done; done                 # W1
  for db in pg pglite; do for e in $E; do r --engine=$e --db=$db --w=2 --work-ms=50; done; done    # W2, runs of 50 ms
  for e in $E; do r --engine=$e --db=pg --w=2; done                                                 # W2, instant runs
  for p in 1 2 4; do for e in $E; do r --engine=$e --db=pg --w=1 --procs=$p; done; done           # W3
done
