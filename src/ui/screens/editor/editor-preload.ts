/**
 * The editor's worker, started by its route's loader before the editor screen has downloaded, so the
 * worker loads its own code meanwhile; the workflow's GET is already under way (routing/workflow-prefetch.ts). The
 * screen takes both; a worker the screen never takes is ended after a while.
 */
import { takeWorkflowJson } from '../../routing/workflow-prefetch.ts';
import { connectEditorWorker, type WorkerConnection } from './store/worker-connection.ts';

export interface EditorPreload {
  connection: WorkerConnection;
  /** GET /workflow/{id}'s body, or null when it did not come back 200 (the worker then reads it itself). */
  served: Promise<ArrayBuffer | null>;
}

/** Long enough for the slowest chunk download; a navigation that never reached the screen ends it. */
const UNTAKEN_MS = 30_000;
/** A preload that arrives after the screen already started without it (a cached chunk) is late. */
const LATE_MS = 5_000;

let preloaded: { flowId: string; connection: WorkerConnection; timer: ReturnType<typeof setTimeout> } | null = null;
let startedWithout: { flowId: string; at: number } | null = null;

/** Keeps the worker the route's loader started for this workflow, or ends it when it is not needed. */
export function preloadEditorWorker(flowId: string, worker: Worker): void {
  const late = startedWithout?.flowId === flowId && Date.now() - startedWithout.at < LATE_MS;
  if (preloaded?.flowId === flowId || late) {
    worker.terminate();
    return;
  }
  dropPreloaded();
  preloaded = { flowId, connection: connectEditorWorker(worker), timer: setTimeout(dropPreloaded, UNTAKEN_MS) };
}

/** The preloaded worker and answer for this workflow, or a new worker and nothing downloaded. */
export function takeEditorPreload(flowId: string): EditorPreload {
  const served = takeWorkflowJson(flowId) ?? Promise.resolve(null);
  if (preloaded?.flowId !== flowId) {
    startedWithout = { flowId, at: Date.now() };
    return { connection: connectEditorWorker(), served };
  }
  const { connection, timer } = preloaded;
  clearTimeout(timer);
  preloaded = null;
  return { connection, served };
}

function dropPreloaded(): void {
  if (!preloaded) return;
  clearTimeout(preloaded.timer);
  preloaded.connection.terminate();
  preloaded = null;
}
