/**
 * The editor's top bar: back, the workflow's name (renamed in place, an undoable CHANGE_NAME), the
 * version's state, the workflow's status, the save indicator, and the commands of the bar (undo/redo, the
 * left-panel switches, import/export, shortcuts, the workflow menu of status and folder, Run and Publish). Names, tooltips, enabled and pressed states come
 * from the command registry (commands/), the same definitions the keyboard runs.
 */
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, History, Keyboard, ListChecks, Redo2, Rocket, Undo2, Download, Upload } from 'lucide-react';
import { VersionBadge } from '../../components/workflows/version-badge.tsx';
import { InlineName } from './inline-name.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { editErrorMessage } from './edit-errors.ts';
import { RunButton } from './run-button.tsx';
import type { CommandContext } from './commands/command.ts';
import { editorCommand, editorCommands, type EditorCommandId } from './commands/editor-commands.ts';
import { commandTitle } from './commands/registry.ts';
import { PUBLISH_DISABLED_REASON } from './commands/workflow-commands.ts';
import { WorkflowMenu, WorkflowStatusBadge } from './workflow-menu.tsx';
import { EditorMoreMenu } from './editor-more-menu.tsx';

interface HeaderProps {
  context: CommandContext;
}

const ICON = { width: 16, height: 16, 'aria-hidden': true } as const;

/** An icon button for a command: its label is the accessible name, label and first key the tooltip. */
const CommandIconButton = observer(function CommandIconButton({ id, context, children }: { id: EditorCommandId; context: CommandContext; children: ReactNode }) {
  const command = editorCommand(id);
  const active = command.isActive?.(context);
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm btn-icon${active ? ' is-active' : ''}`}
      aria-label={command.label}
      title={commandTitle(command)}
      aria-pressed={active}
      disabled={!editorCommands.isEnabled(command, context)}
      onClick={() => editorCommands.run(command, context)}
    >
      {children}
    </button>
  );
});

/** A left-panel switch: text beside the icon, pressed while its panel is open. */
const PanelButton = observer(function PanelButton({ id, context, Icon }: { id: 'panel.runs' | 'panel.versions'; context: CommandContext; Icon: typeof History }) {
  const command = editorCommand(id);
  const open = command.isActive?.(context) === true;
  return (
    // Named for assistive tech also when the narrow layout hides the label (375 px).
    <button
      type="button"
      className={`btn btn-ghost btn-sm${open ? ' is-active' : ''}`}
      aria-label={command.label}
      aria-pressed={open}
      onClick={() => editorCommands.run(command, context)}
    >
      <Icon width={14} height={14} aria-hidden="true" />
      <span className="editor-toolbar-label">{command.label}</span>
    </button>
  );
});

export const EditorHeader = observer(function EditorHeader({ context }: HeaderProps) {
  const { store } = context;
  // The head, not the version: this bar need not render again when a step changes.
  const version = store.head;
  const flow = store.flow;
  if (!version || !flow) return null;
  const editable = !store.readOnly;
  const rename = (displayName: string) =>
    store.apply({ type: 'CHANGE_NAME', request: { displayName } }).catch((error: unknown) => {
      toast.error(editErrorMessage(error, 'Could not rename the workflow'));
    });
  const publish = editorCommand('workflow.publish');
  return (
    <header className="editor-bar">
      <Link to="/workflows" className="btn btn-ghost btn-sm editor-bar-back" aria-label="Workflows" title="Back to workflows">
        <ArrowLeft width={14} height={14} aria-hidden="true" />
        <span className="editor-toolbar-label">Workflows</span>
      </Link>
      <div className="editor-bar-title">
        <InlineName value={version.displayName} onRename={rename} disabled={!editable} />
        <VersionBadge state={version.state} hasPublished={flow.publishedVersionId !== null} />
        <WorkflowStatusBadge context={context} />
        <SaveIndicator store={store} />
      </div>
      <div className="editor-bar-actions" role="toolbar" aria-label="Editor actions">
        <CommandIconButton id="history.undo" context={context}>
          <Undo2 {...ICON} />
        </CommandIconButton>
        <CommandIconButton id="history.redo" context={context}>
          <Redo2 {...ICON} />
        </CommandIconButton>
        <span className="editor-bar-divider" aria-hidden="true" />
        <PanelButton id="panel.runs" context={context} Icon={ListChecks} />
        <PanelButton id="panel.versions" context={context} Icon={History} />
        <CommandIconButton id="workflow.import" context={context}>
          <Upload {...ICON} />
        </CommandIconButton>
        <CommandIconButton id="workflow.export" context={context}>
          <Download {...ICON} />
        </CommandIconButton>
        <CommandIconButton id="help.shortcuts" context={context}>
          <Keyboard {...ICON} />
        </CommandIconButton>
        <WorkflowMenu context={context} />
        {context.ui.runner ? <RunButton store={store} runner={context.ui.runner} /> : null}
        <EditorMoreMenu context={context} />
        <button
          type="button"
          className="btn btn-primary btn-sm editor-publish"
          disabled={!editorCommands.isEnabled(publish, context)}
          title={editable && !version.valid ? PUBLISH_DISABLED_REASON : undefined}
          onClick={() => editorCommands.run(publish, context)}
        >
          <Rocket width={14} height={14} aria-hidden="true" />
          {store.publishing ? 'Publishing…' : publish.label}
        </button>
      </div>
    </header>
  );
});
