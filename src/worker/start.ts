/**
 * Starts the editor worker. A module of its own, which the UI may import besides index.ts, so the editor
 * route's loader can start the worker from the first bundle, without waiting for a chunk: at 50,000 steps
 * the worker's scripts otherwise queued behind the screen's chunks and the workflow's GET (the bundler
 * emits editor.worker.ts as its own chunk).
 */
export function startEditorWorker(): Worker {
  return new Worker(new URL('./editor.worker.ts', import.meta.url), { type: 'module', name: 'flowsmith-editor' });
}
