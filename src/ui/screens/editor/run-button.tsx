/**
 * The editor's Run button, the face of the 'workflow.run' command (Ctrl/Cmd+Enter runs the same). An
 * invalid version can not run (the server would refuse it: 'This version has steps that need
 * configuration'), so the button says what to do instead of letting the click fail.
 */
import { observer } from 'mobx-react-lite';
import { Play } from 'lucide-react';
import type { EditorStore } from './store/editor-store.ts';
import type { RunWorkflow } from './use-run-workflow.ts';
import { editorCommand } from './commands/editor-commands.ts';
import { commandTitle } from './commands/registry.ts';
import { RUN_DISABLED_REASON } from './commands/workflow-commands.ts';

export { RUN_DISABLED_REASON };

export const RunButton = observer(function RunButton({ store, runner }: { store: Pick<EditorStore, 'head'>; runner: Pick<RunWorkflow, 'start' | 'starting'> }) {
  const command = editorCommand('workflow.run');
  const invalid = store.head !== null && !store.head.valid;
  // The command reads only the version and the runner; a run is allowed on a read-only version.
  const enabled = command.canRun({ store: store as EditorStore, ui: { runner } });
  return (
    <button
      type="button"
      className="btn btn-sm editor-run-button"
      disabled={!enabled}
      aria-busy={runner.starting || undefined}
      title={invalid ? RUN_DISABLED_REASON : commandTitle(command)}
      onClick={() => void command.run({ store: store as EditorStore, ui: { runner } })}
    >
      <Play width={14} height={14} aria-hidden="true" />
      {runner.starting ? 'Starting…' : command.short}
    </button>
  );
});
