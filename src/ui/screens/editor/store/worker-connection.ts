/**
 * Starts the editor worker and hands it the session: the worker cannot read localStorage, so it asks the
 * UI thread for the access token, and refreshes go through the UI's single-flight, cross-tab refresher.
 */
import * as Comlink from 'comlink';
import { refreshTokenPair } from '../../../../api/clients.ts';
import { createSingleFlight } from '../../../../api/http-client.ts';
import { tokenStorage } from '../../../../api/token-storage.ts';
import { installErrorFieldsHandler, startEditorWorker, type EditorWorkerRemote } from '../../../../worker/index.ts';
import type { EditorRemote } from './editor-remote.ts';

export interface WorkerConnection {
  remote: EditorRemote;
  terminate(): void;
}

const refreshOnce = createSingleFlight(refreshTokenPair);

/** Connects to `worker`, one the route's loader started, or to a new one. */
export function connectEditorWorker(worker: Worker = startEditorWorker()): WorkerConnection {
  installErrorFieldsHandler();
  const remote = Comlink.wrap(worker) as unknown as EditorWorkerRemote;
  void remote.setAuth(
    Comlink.proxy({
      getAccessToken: () => tokenStorage.getAccessToken(),
      refreshAccessToken: () => refreshOnce(),
    }),
  );
  return {
    remote: remote as unknown as EditorRemote,
    terminate: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
