/**
 * The worker's public module: the only file of src/worker the UI imports besides start.ts (the layering
 * check refuses any other), so what the UI may rely on is listed here and the rest of the worker can change freely.
 */
export { installErrorFieldsHandler, type EditorWorkerApi, type ServedOpenResult } from './expose.ts';
export { readWorkflowJsonAsSent } from './workflow-reader.ts';
export type { EditorWorkerRemote } from './editor.worker.ts';
export type { ApplyOptions, EditResult, EditorEvent, OpenInput, OpenResult, ReplayPreview, ReplayPreviews } from './editor-types.ts';
export type { AutosaveStatusEvent } from './autosave-queue.ts';
export { firstLayoutDelta, type LayoutDelta } from './layout-feed.ts';
export { NODE_HEIGHT, type InsertAt, type LayoutEdge, type LayoutNode } from './layout/types.ts';

export { startEditorWorker } from './start.ts';
