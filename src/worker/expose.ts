/**
 * EditorCore over comlink. The core stays comlink-free (it runs headless in Node); this adapter is what
 * the worker exposes and what Node tests wrap over a MessageChannel, so both exercise the same path.
 *
 * Two things comlink does not do by itself:
 * - `subscribe` must hand back a function, so the disposer is returned as a `Comlink.proxy`; the UI's
 *   listener proxy is released when it unsubscribes or the API is disposed (an unreleased proxy keeps a
 *   MessagePort, and with it the worker, alive).
 * - A thrown error crosses as name/message/stack only. The UI needs the refusal's code (READ_ONLY, BUSY,
 *   STEP_NOT_FOUND...) and a failed save's HTTP status, so the 'throw' handler also carries `code`,
 *   `status` and `kind` when the error has them; comlink's receiving side copies them onto the Error.
 */
import * as Comlink from 'comlink';
import type { ConflictChoice } from './autosave-queue.ts';
import type { EditorCore } from './editor-core.ts';
import type { ApplyOptions, EditorListener, OpenInput, OpenResult } from './editor-types.ts';
import type { FlowOperationInput, PastePlacement } from '../domain/flow/index.ts';
import { LayoutFeed, type LayoutDelta } from './layout-feed.ts';

const CARRIED_FIELDS = ['code', 'status', 'kind'] as const;

let errorFieldsInstalled = false;

/** Makes thrown errors keep their `code`, `status` and `kind` across comlink (idempotent, process-wide). */
export function installErrorFieldsHandler(): void {
  if (errorFieldsInstalled) return;
  const original = Comlink.transferHandlers.get('throw');
  if (!original) return;
  errorFieldsInstalled = true;
  Comlink.transferHandlers.set('throw', {
    canHandle: (value): value is unknown => original.canHandle(value),
    serialize: (thrown) => {
      const [serialized, transferables] = original.serialize(thrown);
      const error = (thrown as { value?: unknown }).value;
      const wire = serialized as { isError?: boolean; value?: Record<string, unknown> };
      if (error instanceof Error && wire.isError && wire.value) {
        for (const field of CARRIED_FIELDS) {
          const value: unknown = (error as unknown as Record<string, unknown>)[field];
          if (typeof value === 'string' || typeof value === 'number') wire.value[field] = value;
        }
      }
      return [serialized, transferables];
    },
    deserialize: (serialized) => original.deserialize(serialized),
  });
}

/** `openServed`'s answer: `version` is null when it is the version served, unchanged. */
export type ServedOpenResult = Omit<OpenResult, 'version'> & { version: OpenResult['version'] | null };

type RemoteListener = EditorListener & Partial<Pick<Comlink.ProxyMethods, typeof Comlink.releaseProxy>>;

/** The API object the worker exposes; every method is the core's, `subscribe` returns a proxied disposer. */
export function createEditorWorkerApi(core: EditorCore, layoutFeed?: LayoutFeed) {
  const feed = layoutFeed ?? new LayoutFeed({ onRefine: () => core.announce({ type: 'layout-stale' }) });
  const subscriptions = new Set<() => void>();
  const edit = <T>(run: () => T): T => {
    feed.noteEdit();
    return run();
  };
  const opened = async (opening: Promise<OpenResult>): Promise<OpenResult> => {
    const result = await opening;
    feed.reset();
    // Laid out while the UI reads this answer: its first `layout()` takes it.
    feed.prefetch(result.version);
    return result;
  };
  return {
    open: (input: OpenInput) => opened(core.open(input)),
    /** Reads the workflow in the worker and opens it (EditorCore.openWorkflow): the UI never parses the version. */
    openWorkflow: (flowId: string, extra?: Pick<OpenInput, 'publishedVersionId' | 'run'>) => opened(core.openWorkflow(flowId, extra)),
    /**
     * Opens GET /workflow/{id}'s reply the UI downloaded and also builds, unchecked (`readWorkflowJsonAsSent`):
     * the answer leaves the version out (null) when the UI's build is this version, which it lays out itself
     * (`firstLayoutDelta`), so 50,000 steps are neither cloned over nor laid out here first. Recovered unsaved
     * changes come with their version and their layout as after any open, and so does a version whose JSON
     * the check changed.
     */
    openServed: async (json: ArrayBuffer | string): Promise<ServedOpenResult> => {
      const { result, asSent } = await core.openServedJson(json);
      feed.reset();
      // Not as sent: zod's reading differs from the JSON the UI built from (a default filled in, a key dropped).
      if (result.recovered || !asSent) {
        feed.prefetch(result.version);
        return result;
      }
      // The UI lays this version out itself, with the same code (firstLayoutDelta).
      feed.assumeSent(result.version);
      return { ...result, version: null };
    },
    // Every edit tells the layout feed first: ELK's refinement gives way to editing (LayoutFeed.noteEdit).
    apply: (operation: FlowOperationInput, options?: ApplyOptions) => edit(() => core.apply(operation, options)),
    applyBatch: (operations: FlowOperationInput[], options?: ApplyOptions, description?: string) =>
      edit(() => core.applyBatch(operations, options, description)),
    paste: (clipboardText: string, placement: PastePlacement) => edit(() => core.paste(clipboardText, placement)),
    /** The canvas layout of the open version, as a delta from the one this call last answered. */
    layout(): Promise<LayoutDelta | null> {
      const version = core.currentVersion();
      return version ? feed.next(version) : Promise.resolve(null);
    },
    /** The next `layout()` answers the whole layout (the canvas was remounted). */
    resetLayout: () => feed.reset(),
    importFlow: (jsonText: string, options?: ApplyOptions) => edit(() => core.importFlow(jsonText, options)),
    undo: () => edit(() => core.undo()),
    redo: () => edit(() => core.redo()),
    breakGroup: () => core.breakGroup(),
    beginMark: (id: string, description?: string) => core.beginMark(id, description),
    commitMark: (id: string) => core.commitMark(id),
    cancelMark: (id: string) => core.cancelMark(id),
    select: (stepName: string | null) => core.select(stepName),
    firstInvalidStep: () => core.firstInvalidStep(),
    getState: () => core.getState(),
    flush: () => core.flush(),
    resolveConflict: (choice: ConflictChoice) => core.resolveConflict(choice),
    discardUnsaved: () => core.discardUnsaved(),
    publish: () => core.publish(),
    subscribe(listener: RemoteListener): (() => void) & Comlink.ProxyMarked {
      const stop = core.subscribe((event) => {
        // A remote call answers with a promise; a closed UI side must not become an unhandled rejection.
        void Promise.resolve(listener(event)).catch(() => undefined);
      });
      const unsubscribe = () => {
        if (!subscriptions.delete(unsubscribe)) return;
        stop();
        listener[Comlink.releaseProxy]?.();
      };
      subscriptions.add(unsubscribe);
      return Comlink.proxy(unsubscribe);
    },
    async dispose(): Promise<void> {
      for (const unsubscribe of [...subscriptions]) unsubscribe();
      await core.dispose();
    },
  };
}

export type EditorWorkerApi = ReturnType<typeof createEditorWorkerApi>;

/** Exposes the core on an endpoint (the worker's global scope, or a MessagePort in tests). */
export function exposeEditorCore<Extra extends object>(core: EditorCore, endpoint: Comlink.Endpoint, extra?: Extra): void {
  installErrorFieldsHandler();
  Comlink.expose({ ...createEditorWorkerApi(core), ...extra }, endpoint);
}
