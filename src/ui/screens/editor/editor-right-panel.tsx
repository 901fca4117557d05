/**
 * The editor's right column: the step settings panel for the primary selection (with the header's
 * duplicate and delete buttons, and the server-backed sections under the fields: Test step, sample
 * data). Nothing is drawn for SPEC's 'copilot' panel: there is no Copilot backend, so nothing opens it.
 */
import { useCallback } from 'react';
import { observer } from 'mobx-react-lite';
import { toast } from 'sonner';
import { CopyPlus, Trash2 } from 'lucide-react';
import type { FlowOperationInput } from '../../../domain/flow/index.ts';
import type { ApplyOptions } from '../../../worker/index.ts';
import type { EditorStore } from './store/editor-store.ts';
import { editErrorMessage } from './edit-errors.ts';
import { StepSettingsPanel } from './settings/step-settings-panel.tsx';
import { StepTools } from './settings/step-tools.tsx';
import { editorCommand } from './commands/editor-commands.ts';
import { commandTitle } from './commands/registry.ts';
import { useVersionAfterPaint } from './use-version-after-paint.ts';

export const RightPanel = observer(function RightPanel({ store }: { store: EditorStore }) {
  // The panel follows edits a frame after the canvas (use-version-after-paint.ts).
  const version = useVersionAfterPaint(store);
  // Stable callbacks: the panel's body is memoised on the step and must not re-render for other edits.
  const apply = useCallback((operation: FlowOperationInput, options?: ApplyOptions) => store.apply(operation, options), [store]);
  const breakGroup = useCallback(() => store.breakGroup(), [store]);
  const close = useCallback(() => store.setRightPanel('none'), [store]);
  // Tests and sample saves run against the server's copy: save first, then name the version it now holds
  // (saving onto a published version makes a new draft).
  const prepare = useCallback(async () => {
    await store.flush();
    const id = store.version?.id;
    if (!id) throw new Error('The workflow is not open');
    return id;
  }, [store]);
  const currentVersion = useCallback(() => store.version, [store]);
  if (store.rightPanel !== 'piece-settings' || !version || !store.primary) return null;
  const name = store.primary;
  const fail = (fallback: string) => (error: unknown) => toast.error(editErrorMessage(error, fallback));
  const actions =
    name === 'trigger' || store.readOnly ? null : (
      <>
        <button
          type="button"
          className="icon-button"
          aria-label="Duplicate step"
          title={commandTitle(editorCommand('selection.duplicate'), 'Duplicate step')}
          onClick={() => void store.apply({ type: 'DUPLICATE_ACTION', request: { stepName: name } }).catch(fail('The step could not be duplicated'))}
        >
          <CopyPlus width={16} height={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Delete step"
          title={commandTitle(editorCommand('selection.delete'), 'Delete step')}
          onClick={() => void store.apply({ type: 'DELETE_ACTION', request: { names: [name] } }).catch(fail('The step could not be deleted'))}
        >
          <Trash2 width={16} height={16} aria-hidden="true" />
        </button>
      </>
    );
  return (
    <div className="editor-side editor-side-right">
      <StepSettingsPanel
        key={store.primary}
        version={version}
        stepName={store.primary}
        readOnly={store.readOnly}
        {...(store.confirming ? { readOnlyNote: 'Opening the workflow… You can edit it in a moment.' } : {})}
        apply={apply}
        breakGroup={breakGroup}
        onClose={close}
        actions={actions}
        footer={<StepTools version={version} stepName={store.primary} prepare={prepare} currentVersion={currentVersion} />}
      />
    </div>
  );
});
