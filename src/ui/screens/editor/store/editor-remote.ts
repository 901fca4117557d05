/**
 * The editor worker as the store sees it: the worker's API with every call promise-returning, as over
 * comlink. The app gets one from the real worker (worker-connection.ts); tests build it over a
 * MessageChannel with a fake server.
 */
import type * as Comlink from 'comlink';
import type { EditorEvent, EditorWorkerApi } from '../../../../worker/index.ts';

/** What the store needs of the worker: its API, promise-returning as over comlink. */
export type EditorRemote = {
  [K in keyof Omit<EditorWorkerApi, 'subscribe'>]: EditorWorkerApi[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
} & {
  subscribe(listener: ((event: EditorEvent) => void) & Comlink.ProxyMarked): Promise<() => Promise<void> | void>;
};
