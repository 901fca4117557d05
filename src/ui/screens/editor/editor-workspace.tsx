/**
 * The open editor: top bar, read-only banner, left panel (runs, versions, run details), the canvas, the
 * right panel (step settings, editor-right-panel.tsx), the step picker, and the dialogs
 * (shortcuts, conflict, leave). Runs started here (use-run-workflow.ts) open in the run details.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { toast } from 'sonner';
import { Lock } from 'lucide-react';
import type { ReactFlowInstance } from '@xyflow/react';
import { nextStepName, toStoredVersion } from '../../../domain/flow/index.ts';
import { createDraftFrom, getVersion } from '../../../api/workflows-api.ts';
import { AppDialog } from '../../components/data/dialog.tsx';
import type { EditorStore } from './store/editor-store.ts';
import { EditorStoreContext } from './store/editor-context.tsx';
import type { CanvasEdge, CanvasNode } from './store/canvas-model.ts';
import { FlowCanvas } from './canvas/flow-canvas.tsx';
import { EditorHeader } from './editor-header.tsx';
import { ImportFlow, type ImportFlowHandle } from './import-flow.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { useEditorShortcuts } from './use-editor-shortcuts.ts';
import type { CommandContext, EditorUi } from './commands/command.ts';
import { EditorCommandContext } from './commands/commands-context.tsx';
import { editorCommands } from './commands/editor-commands.ts';
import { SHORTCUT_ROWS } from './commands/shortcut-sheet.ts';
import { fitWholeFlow } from './canvas/fit-view.ts';
import { editErrorMessage } from './edit-errors.ts';
import { StepPicker, actionForChoice, type StepChoice } from './settings/step-picker.tsx';
import { VersionsPanel } from './panels/versions-panel.tsx';
import { RunsPanel } from './panels/runs-panel.tsx';
import { RunDetailsPanel } from './panels/run-details-panel.tsx';
import { useRunOverlay } from './panels/use-run-overlay.ts';
import { RightPanel } from './editor-right-panel.tsx';
import { useRunWorkflow } from './use-run-workflow.ts';
import { useWorkflowSettings } from './use-workflow-settings.tsx';
import { useCanvasTools } from './find/use-canvas-tools.ts';
import { FindBox } from './find/find-box.tsx';
import { CommandPalette } from './find/command-palette.tsx';
import { CanvasContextMenu } from './canvas/canvas-context-menu.tsx';
import { useKeepSelectionVisible } from './canvas/use-keep-selection-visible.ts';
import { useSheetSwipe } from './use-sheet-swipe.ts';

const ReadOnlyBanner = observer(function ReadOnlyBanner({ store, onEdit }: { store: EditorStore; onEdit(): void }) {
  if (!store.readOnly || !store.readOnlyReason) return null;
  const text =
    store.readOnlyReason === 'published'
      ? 'This is the published version, so it is read-only.'
      : 'This is an older, locked version, so it is read-only.';
  return (
    <div className="editor-banner" role="status">
      <Lock width={14} height={14} aria-hidden="true" />
      <span>{text}</span>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onEdit}>
        Edit
      </button>
    </div>
  );
});

const ConflictDialog = observer(function ConflictDialog({ store }: { store: EditorStore }) {
  if (store.save.status !== 'conflict') return null;
  return (
    <AppDialog
      open
      onOpenChange={() => undefined}
      role="alertdialog"
      title="This workflow changed elsewhere"
      description="It was saved from another tab or device after you opened it. Reload their version (your unsaved changes here are dropped), or keep yours (theirs is overwritten)."
    >
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void store.resolveConflict('reload')}>
          Reload theirs
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void store.resolveConflict('keep-mine')}>
          Keep mine
        </button>
      </div>
    </AppDialog>
  );
});

function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <AppDialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title="Keyboard shortcuts" size="md">
      <table className="shortcuts-table">
        <tbody>
          {SHORTCUT_ROWS.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row">
                <kbd>{shortcut.keys}</kbd>
              </th>
              <td>{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AppDialog>
  );
}

const PickerPopover = observer(function PickerPopover({ store }: { store: EditorStore }) {
  const picker = store.picker;
  if (!picker || !store.version) return null;
  const width = 320;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, picker.anchor.left - width / 2));
  const below = window.innerHeight - picker.anchor.bottom > 360;
  const style = below ? { left, top: picker.anchor.bottom + 6 } : { left, bottom: window.innerHeight - picker.anchor.top + 6 };
  const onPick = (choice: StepChoice) => {
    const version = store.version;
    if (!version) return;
    const { insertAt } = picker;
    store.closePicker();
    const action = actionForChoice(choice, nextStepName(version));
    store
      .apply({
        type: 'ADD_ACTION',
        request: {
          parentStep: insertAt.parentStep,
          stepLocationRelativeToParent: insertAt.location,
          ...(insertAt.branchIndex === undefined ? {} : { branchIndex: insertAt.branchIndex }),
          action,
        },
      })
      .then(() => store.setRightPanel('piece-settings'))
      .catch((error: unknown) => toast.error(editErrorMessage(error, 'The step could not be added')));
  };
  return (
    <div className="picker-popover" style={{ ...style, width }}>
      <StepPicker onPick={onPick} onClose={() => store.closePicker()} />
    </div>
  );
});

const LeftPanel = observer(function LeftPanel({ store, onOpenVersion, onUseAsDraft }: { store: EditorStore; onOpenVersion(id: string): void; onUseAsDraft(id: string): Promise<void> }) {
  const flow = store.flow;
  const version = store.version;
  if (!flow || !version) return null;
  const close = () => store.setLeftPanel('none');
  switch (store.leftPanel) {
    case 'versions':
      return (
        <VersionsPanel flowId={flow.id} publishedVersionId={flow.publishedVersionId} openVersionId={version.id} onOpenVersion={onOpenVersion} onUseAsDraft={onUseAsDraft} onClose={close} />
      );
    case 'runs':
      return <RunsPanel flowId={flow.id} onOpenRun={(runId) => store.openRun(runId)} onClose={close} />;
    case 'run-details':
      return store.runId ? (
        <RunDetailsPanel
          runId={store.runId}
          selectedStep={store.primary}
          iterations={store.iterations}
          onIterationChange={(loop, index) => store.setIteration(loop, index)}
          onSelectStep={(name) => store.select(name)}
          onOpenRun={(runId) => store.openRun(runId)}
          onBack={() => store.setLeftPanel('runs')}
          onClose={close}
        />
      ) : null;
    default:
      return null;
  }
});

export const EditorWorkspace = observer(function EditorWorkspace({ store, onReload }: { store: EditorStore; onReload(): void }) {
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const flowInstance = useRef<ReactFlowInstance<CanvasNode, CanvasEdge> | null>(null);
  const importer = useRef<ImportFlowHandle>(null);

  useRunOverlay(store);
  const tools = useCanvasTools(store, flowInstance);
  useKeepSelectionVisible(store, flowInstance);
  const body = useRef<HTMLDivElement>(null);
  useSheetSwipe(store, body);
  const runner = useRunWorkflow(store);
  const startRun = runner.start;

  // On a phone the settings panel covers the canvas: show the canvas first, settings on demand.
  useEffect(() => {
    if (window.matchMedia?.('(max-width: 768px)').matches) store.setRightPanel('none');
  }, [store]);

  // A conflict resolved by reloading: open the server's version again.
  useEffect(() => reaction(() => store.reloadRequested, onReload), [store, onReload]);

  const focusStep = useCallback(
    (name: string) => {
      const node = store.canvas.layoutOf(name);
      const instance = flowInstance.current;
      if (!node || !instance) return;
      const { x, y, zoom } = instance.getViewport();
      const element = document.querySelector('.flow-canvas');
      const width = element?.clientWidth ?? 800;
      const height = element?.clientHeight ?? 600;
      const left = node.x * zoom + x;
      const top = node.y * zoom + y;
      if (left < 0 || top < 0 || left + node.width * zoom > width || top + node.height * zoom > height) {
        void instance.setCenter(node.x + node.width / 2, node.y + node.height / 2, { zoom, duration: 150 });
      }
      requestAnimationFrame(() => (document.querySelector(`.react-flow__node[data-id="${name}"]`) as HTMLElement | null)?.focus({ preventScroll: true }));
    },
    [store],
  );

  // What the commands (commands/) need of this screen: the keyboard, the top bar and the canvas
  // controls all run them with this context.
  const starting = runner.starting;
  const settings = useWorkflowSettings(store);
  const { toggleStatus, statusPending, chooseFolder } = settings;
  const commandContext = useMemo((): CommandContext => {
    const ui: EditorUi = {
      runner: { start: startRun, starting },
      showShortcuts: () => setShortcutsOpen(true),
      focusStep,
      openSettings: () => {
        store.setRightPanel('piece-settings');
        // Keyboard users land in the panel's first field.
        requestAnimationFrame(() => (document.querySelector('[aria-label="Step settings"] input, [aria-label="Step settings"] textarea') as HTMLElement | null)?.focus());
      },
      chooseImportFile: () => importer.current?.choose(),
      toggleStatus,
      statusPending,
      chooseFolder,
      ...tools.ui,
      anchorOf: (name) => document.querySelector(`.react-flow__node[data-id="${CSS.escape(name)}"]`)?.getBoundingClientRect() ?? null,
      view: {
        zoomIn: () => void flowInstance.current?.zoomIn(),
        zoomOut: () => void flowInstance.current?.zoomOut(),
        fit: () => {
          const instance = flowInstance.current;
          const pane = document.querySelector<HTMLElement>('.flow-canvas');
          if (instance && pane) fitWholeFlow(instance, store.canvas.bounds, pane);
        },
      },
    };
    return { store, ui };
  }, [focusStep, store, startRun, starting, toggleStatus, statusPending, chooseFolder, tools.ui]);

  // A step added or pasted off screen (or chosen in the run details) is brought into view once laid out.
  useEffect(() => {
    let pending: string | null = null;
    return reaction(
      () => [store.primary, store.canvas.revision] as const,
      ([primary], previous) => {
        if (primary !== previous?.[0]) pending = primary;
        if (!pending || !store.canvas.layoutOf(pending)) return;
        const name = pending;
        pending = null;
        const node = store.canvas.layoutOf(name)!;
        const instance = flowInstance.current;
        const element = document.querySelector('.flow-canvas');
        if (!instance || !element) return;
        const { x, y, zoom } = instance.getViewport();
        const left = node.x * zoom + x;
        const top = node.y * zoom + y;
        const outside = left < 0 || top < 0 || left + node.width * zoom > element.clientWidth || top + node.height * zoom > element.clientHeight;
        if (outside) void instance.setCenter(node.x + node.width / 2, node.y + node.height / 2, { zoom, duration: 200 });
      },
    );
  }, [store]);
  useEditorShortcuts(editorCommands, commandContext);

  const openVersion = async (versionId: string) => {
    const flow = store.flow;
    if (!flow) return;
    try {
      const version = await getVersion(flow.id, versionId);
      await store.open({ flow: { ...flow }, version: toStoredVersion(version) });
    } catch (error) {
      toast.error(editErrorMessage(error, 'Could not open that version'));
    }
  };

  const useAsDraft = async (versionId: string) => {
    const flow = store.flow;
    if (!flow) return;
    // Errors go to the caller: the versions panel shows them in place, the banner as a toast.
    await createDraftFrom(flow.id, versionId);
    // The workflow now shows that draft: read and opened by the worker, as on first open.
    await store.openWorkflow(flow.id);
    toast.success('You are editing a new draft');
  };

  return (
    <EditorStoreContext.Provider value={store}>
      <EditorCommandContext.Provider value={commandContext}>
        <div className="editor-shell">
          <EditorHeader context={commandContext} />
          <ReadOnlyBanner store={store} onEdit={() => {
              if (!store.version) return;
              useAsDraft(store.version.id).catch((error: unknown) => toast.error(editErrorMessage(error, 'Could not make a draft from this version')));
            }} />
          <div ref={body} className={`editor-body${store.leftPanel !== 'none' ? ' has-left' : ''}${store.rightPanel !== 'none' && store.primary ? ' has-right' : ''}`}>
            {store.leftPanel !== 'none' ? (
              <div className="editor-side editor-side-left">
                <LeftPanel store={store} onOpenVersion={(id) => void openVersion(id)} onUseAsDraft={useAsDraft} />
              </div>
            ) : null}
            <section className="editor-canvas-area" aria-label="Canvas">
              <CanvasContextMenu registry={editorCommands} context={commandContext} openRef={tools.menuOpener}>
                <FlowCanvas store={store} onInit={(instance) => (flowInstance.current = instance)} />
              </CanvasContextMenu>
              {tools.findOpen ? <FindBox store={store} onClose={tools.closeFind} reveal={tools.reveal} /> : null}
            </section>
            <RightPanel store={store} />
          </div>
          <PickerPopover store={store} />
          <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
          <CommandPalette open={tools.paletteOpen} onClose={tools.closePalette} registry={editorCommands} context={commandContext} reveal={tools.reveal} />
          <ConflictDialog store={store} />
          {settings.dialog}
          <LeaveGuard store={store} />
          <ImportFlow ref={importer} store={store} />
        </div>
      </EditorCommandContext.Provider>
    </EditorStoreContext.Provider>
  );
});
