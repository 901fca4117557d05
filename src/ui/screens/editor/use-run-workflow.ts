/**
 * 'Run' in the editor: save what is unsaved (the server runs what it has), start a run of the open
 * version, open its details over the canvas, and say how it ended. No payload is sent: the server then
 * hands the trigger its saved sample data (Sample data in the trigger's settings), or {} without one.
 * The run's details and the canvas colours follow it through the run overlay's query; this hook reads
 * the run itself only when the details are closed (on the live socket's run messages, or polling while
 * it is down), so the end toast still comes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { executionKeys, type RunDetail } from '../../../api/executions-api.ts';
import { runsApi } from '../../../api/runs-api.ts';
import { runFailureWords } from '../../../domain/flow/run-failure.ts';
import { errorMessage } from '../../components/data/error-message.ts';
import type { EditorStore } from './store/editor-store.ts';
import { flowRunsKey, liveRunQuery } from './panels/runs-query.ts';
import { useRunsLive } from '../../stores/live-runs.ts';

export interface RunWorkflow {
  /** Saves, then starts a run of the open version. Does nothing while one is starting or the version is invalid. */
  start(): Promise<void>;
  starting: boolean;
}

export const RUN_TOAST_ID = 'run';

/**
 * The toast for a run that ended (SPEC §4: STOPPED reads as success, so it is not called a failure). A
 * failure says what failed in words (issue 17): the step, its id and its error.
 */
export function announceRunEnd(run: Pick<RunDetail, 'status' | 'steps'>): void {
  const { status } = run;
  if (status === 'SUCCEEDED') toast.success('Run succeeded', { id: RUN_TOAST_ID });
  else if (status === 'STOPPED') toast.info('Run stopped', { id: RUN_TOAST_ID });
  else if (status === 'PAUSED') toast.info('Run paused', { id: RUN_TOAST_ID });
  else toast.error('Run failed', { id: RUN_TOAST_ID, description: runFailureWords(run) });
}

export function useRunWorkflow(store: EditorStore): RunWorkflow {
  const client = useQueryClient();
  useRunsLive();
  const [starting, setStarting] = useState(false);
  // A ref as well as state: a held Ctrl+Enter repeats faster than React re-renders.
  const startingRef = useRef(false);
  const [watched, setWatched] = useState<string | null>(null);
  const shownOnCanvas = watched !== null && store.runId === watched;
  const live = liveRunQuery(watched ?? '');
  const run = useQuery({ ...live, enabled: watched !== null, refetchInterval: shownOnCanvas ? false : live.refetchInterval });

  useEffect(() => {
    if (watched === null) return;
    if (run.isError) {
      toast.error('The run’s progress could not be read; see Runs for how it ended', { id: RUN_TOAST_ID });
      return setWatched(null);
    }
    const data: RunDetail | undefined = run.data;
    if (!data || data.id !== watched || data.status === 'RUNNING') return;
    setWatched(null);
    announceRunEnd(data);
    void client.invalidateQueries({ queryKey: flowRunsKey(data.flowId) });
  }, [client, watched, run.data, run.isError]);

  const start = useCallback(async () => {
    const flow = store.flow;
    if (startingRef.current || !flow || !store.version?.valid) return;
    startingRef.current = true;
    setStarting(true);
    try {
      try {
        await store.flush();
      } catch {
        toast.error('Your changes could not be saved, so the run did not start', { id: RUN_TOAST_ID });
        return;
      }
      // Read after the save: saving onto a published version makes a new draft with a new id.
      const versionId = store.version?.id;
      const started = await runsApi.start({ flowId: flow.id, versionId });
      client.setQueryData(executionKeys.detail(started.id), started);
      void client.invalidateQueries({ queryKey: flowRunsKey(flow.id) });
      toast.success('Run started', { id: RUN_TOAST_ID });
      setWatched(started.id);
      store.openRun(started.id);
    } catch (error) {
      toast.error(errorMessage(error, 'The run could not be started'), { id: RUN_TOAST_ID });
    } finally {
      startingRef.current = false;
      setStarting(false);
    }
  }, [client, store]);

  return { start, starting };
}
