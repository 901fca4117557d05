/**
 * The editor worker's entry: one EditorCore over the real API and the browser's IndexedDB, exposed with
 * comlink. The UI creates it with `new Worker(new URL('./editor.worker.ts', import.meta.url), { type:
 * 'module' })`, wraps it with `Comlink.wrap<EditorWorkerRemote>(worker)`, and hands over its token
 * functions once with `setAuth(Comlink.proxy({ getAccessToken, refreshAccessToken }))`: a worker cannot
 * read localStorage, and refreshes are serialised across tabs on the UI thread (src/api/token-refresh.ts).
 */
import * as Comlink from 'comlink';
import { apiTransport } from './api-transport.ts';
import { EditorCore } from './editor-core.ts';
import { exposeEditorCore, type EditorWorkerApi } from './expose.ts';
import { DEFAULT_API_BASE_URL } from './http-transport.ts';
import { AUTOSAVE_PACE_FROM_MS } from './autosave-queue.ts';
import { yieldToEvents } from './yield-to-events.ts';

export interface AuthBridge {
  getAccessToken(): string | null | Promise<string | null>;
  refreshAccessToken(): Promise<void>;
}

let auth: AuthBridge | null = null;

const transport = apiTransport({
  baseUrl: DEFAULT_API_BASE_URL,
  getAccessToken: () => auth?.getAccessToken() ?? null,
  refreshAccessToken: () => (auth ? auth.refreshAccessToken() : Promise.reject(new Error('No session'))),
  // Encoding the first save of a 10,000-step flow takes tens of ms: edits that come meanwhile go first.
  yieldToEvents,
});

const core = new EditorCore({
  transport,
  indexedDB: globalThis.indexedDB ?? null,
  // Storing a 10,000-step version clones all of it: let the edit's answer go out first.
  deferWrites: () => new Promise((resolve) => setTimeout(resolve, 0)),
  // A save that took a fifth of a second or more (a 10,000-step flow's takes half a second of the
  // server's time) is followed by a pause as long; smaller flows' saves follow one another at once.
  autosavePace: { now: () => performance.now(), fromMs: AUTOSAVE_PACE_FROM_MS },
});

const extra = {
  setAuth(bridge: AuthBridge): void {
    auth = bridge;
  },
};

exposeEditorCore(core, globalThis as unknown as Comlink.Endpoint, extra);

/** What `Comlink.wrap` gives the UI. */
export type EditorWorkerRemote = Comlink.Remote<EditorWorkerApi & typeof extra>;
