/**
 * The editor's top bar: back, the workflow's name (renamed in place, an undoable CHANGE_NAME), the
 * version's state, the save indicator, undo/redo, the left-panel switches, shortcuts, Run and Publish.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, History, Keyboard, ListChecks, Redo2, Rocket, Sparkles, Undo2, Download, Upload } from 'lucide-react';
import { VersionBadge } from '../workflows/version-badge.tsx';
import { downloadTextFile, workflowExportFile } from '../workflows/export-workflow.ts';
import { InlineName } from './inline-name.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import type { EditorStore } from './store/editor-store.ts';
import { editErrorMessage } from './edit-errors.ts';
import { RunButton } from './run-button.tsx';
import type { RunWorkflow } from './use-run-workflow.ts';

export const PUBLISH_TOAST_ID = 'publish';

export async function publishWithToasts(store: EditorStore): Promise<void> {
  toast.loading('Publishing…', { id: PUBLISH_TOAST_ID });
  try {
    await store.publish();
    toast.success('Published', { id: PUBLISH_TOAST_ID, description: 'This version is live and read-only now.' });
  } catch (error) {
    toast.error('Publish Failed', { id: PUBLISH_TOAST_ID, description: editErrorMessage(error, 'The server did not accept this version.') });
  }
}

interface HeaderProps {
  store: EditorStore;
  onShowShortcuts(): void;
  onImport(): void;
  runner: RunWorkflow;
}

export const EditorHeader = observer(function EditorHeader({ store, onShowShortcuts, onImport, runner }: HeaderProps) {
  const version = store.version;
  const flow = store.flow;
  if (!version || !flow) return null;
  const editable = !store.readOnly;
  const rename = (displayName: string) =>
    store.apply({ type: 'CHANGE_NAME', request: { displayName } }).catch((error: unknown) => {
      toast.error(editErrorMessage(error, 'Could not rename the workflow'));
    });
  const panelButton = (panel: 'runs' | 'versions', label: string, Icon: typeof History) => {
    const open = store.leftPanel === panel || (panel === 'runs' && store.leftPanel === 'run-details');
    return (
      <button
        type="button"
        className={`btn btn-ghost btn-sm${open ? ' is-active' : ''}`}
        aria-pressed={open}
        onClick={() => store.setLeftPanel(open ? 'none' : panel)}
      >
        <Icon width={14} height={14} aria-hidden="true" />
        <span className="editor-toolbar-label">{label}</span>
      </button>
    );
  };
  return (
    <header className="editor-bar">
      <Link to="/workflows" className="btn btn-ghost btn-sm editor-bar-back" aria-label="Workflows" title="Back to workflows">
        <ArrowLeft width={14} height={14} aria-hidden="true" />
        <span className="editor-toolbar-label">Workflows</span>
      </Link>
      <div className="editor-bar-title">
        <InlineName value={version.displayName} onRename={rename} disabled={!editable} />
        <VersionBadge state={version.state} hasPublished={flow.publishedVersionId !== null} />
        <SaveIndicator store={store} />
      </div>
      <div className="editor-bar-actions" role="toolbar" aria-label="Editor actions">
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-icon"
          aria-label="Undo"
          title="Undo (Ctrl/Cmd+Z)"
          disabled={!editable || !store.canUndo}
          onClick={() => void store.undo().catch((error: unknown) => toast.error(editErrorMessage(error, 'Nothing was undone')))}
        >
          <Undo2 width={16} height={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-icon"
          aria-label="Redo"
          title="Redo (Ctrl/Cmd+Shift+Z)"
          disabled={!editable || !store.canRedo}
          onClick={() => void store.redo().catch((error: unknown) => toast.error(editErrorMessage(error, 'Nothing was redone')))}
        >
          <Redo2 width={16} height={16} aria-hidden="true" />
        </button>
        <span className="editor-bar-divider" aria-hidden="true" />
        {panelButton('runs', 'Runs', ListChecks)}
        {panelButton('versions', 'Versions', History)}
        <button type="button" className="btn btn-ghost btn-sm btn-icon" aria-label="Import a flow file" title="Import a flow file" disabled={!editable} onClick={onImport}>
          <Upload width={16} height={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-icon"
          aria-label="Export JSON"
          title="Export JSON"
          onClick={() => downloadTextFile(workflowExportFile(version))}
        >
          <Download width={16} height={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={`btn btn-ghost btn-sm btn-icon${store.rightPanel === 'copilot' ? ' is-active' : ''}`}
          aria-label="Copilot"
          title="Copilot"
          aria-pressed={store.rightPanel === 'copilot'}
          onClick={() => store.setRightPanel(store.rightPanel === 'copilot' ? 'none' : 'copilot')}
        >
          <Sparkles width={16} height={16} aria-hidden="true" />
        </button>
        <button type="button" className="btn btn-ghost btn-sm btn-icon" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={onShowShortcuts}>
          <Keyboard width={16} height={16} aria-hidden="true" />
        </button>
        <RunButton store={store} runner={runner} />
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!store.canPublish}
          title={editable && !version.valid ? 'Configure every step before publishing' : undefined}
          onClick={() => void publishWithToasts(store)}
        >
          <Rocket width={14} height={14} aria-hidden="true" />
          {store.publishing ? 'Publishing…' : 'Publish'}
        </button>
      </div>
    </header>
  );
});
