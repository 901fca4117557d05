/**
 * Keeps the canvas's run colours and the selection in step with the run being inspected (SPEC §4 run
 * details). This hook's query is the one that follows a running run (liveRunQuery: read again on each
 * progress message of the live socket, or every second while it is down); the details panel reads the
 * same cache entry, so one request feeds both.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EditorStore } from '../store/editor-store.ts';
import { failedStepOf, initialIterations, stepRecordsAt } from './run-overlay.ts';
import { liveRunQuery } from './runs-query.ts';
import { useRunsLive } from '../../../stores/live-runs.ts';

export function useRunOverlay(store: EditorStore): void {
  const runId = store.runId;
  useRunsLive();
  const run = useQuery({ ...liveRunQuery(runId ?? ''), enabled: runId !== null });
  const seeded = useRef<string | null>(null);
  useEffect(() => {
    if (!runId || !run.data) {
      store.setRunStatuses(null);
      return;
    }
    // Seeded when the run opens, and again when a run watched live ends: only then is its failed step known.
    const key = `${runId}:${run.data.status === 'RUNNING' ? 'running' : 'ended'}`;
    if (seeded.current !== key) {
      seeded.current = key;
      // SPEC §4: loops default to iteration 0, the maximum for loops holding the failed step; the failed step is selected.
      store.openRun(runId, initialIterations(run.data));
      const failed = failedStepOf(run.data);
      if (failed && store.step(failed)) store.select(failed);
    }
    const records = stepRecordsAt(run.data, store.iterations);
    store.setRunStatuses(new Map([...records].map(([name, record]) => [name, record.status])));
  }, [store, runId, run.data, store.iterations]);
  useEffect(() => {
    if (!runId) seeded.current = null;
  }, [runId]);
}
