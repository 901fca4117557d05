/**
 * The editor's Run button. An invalid version can not run (the server would refuse it: 'This version has
 * steps that need configuration'), so the button says what to do instead of letting the click fail.
 */
import { observer } from 'mobx-react-lite';
import { Play } from 'lucide-react';
import type { EditorStore } from './store/editor-store.ts';
import type { RunWorkflow } from './use-run-workflow.ts';

export const RUN_DISABLED_REASON = 'Fix the steps that need configuration';

export const RunButton = observer(function RunButton({ store, runner }: { store: EditorStore; runner: Pick<RunWorkflow, 'start' | 'starting'> }) {
  const invalid = store.version !== null && !store.version.valid;
  return (
    <button
      type="button"
      className="btn btn-sm editor-run-button"
      disabled={invalid || runner.starting || store.version === null}
      aria-busy={runner.starting || undefined}
      title={invalid ? RUN_DISABLED_REASON : 'Run this version (Ctrl/Cmd+Enter)'}
      onClick={() => void runner.start()}
    >
      <Play width={14} height={14} aria-hidden="true" />
      {runner.starting ? 'Starting…' : 'Run'}
    </button>
  );
});
