/** A ROUTER step: how many branches run (first match or all), and each branch with its conditions. */
import { useId } from 'react';
import { Plus } from 'lucide-react';
import type { FlatRouterStep, RouterExecutionType } from '../../../../domain/index.ts';
import { useStepEdit, useTypedUpdate } from './edit-context.ts';
import { BranchEditor } from './branch-editor.tsx';
import { useMirroredState } from './use-field-text.ts';
import { addBranchIndex, addGroup, addRow, canDeleteBranch, nextBranchName, removeRow, renameBranch, setExecutionType, setRow } from './router-edits.ts';

const EXECUTION_TYPES: readonly { value: RouterExecutionType; label: string; help: string }[] = [
  { value: 'EXECUTE_FIRST_MATCH', label: 'Execute first match', help: 'Only the first branch whose conditions match runs.' },
  { value: 'EXECUTE_ALL_MATCH', label: 'Execute all matches', help: 'Every branch whose conditions match runs.' },
];

export function RouterSettings({ step }: { step: FlatRouterStep }) {
  const { readOnly, send } = useStepEdit();
  const update = useTypedUpdate<FlatRouterStep>();
  const id = useId();
  const { branches } = step.settings;
  // The choice shows at once, not the version's old one until the core answers (fields.tsx).
  const [executionType, showExecutionType] = useMirroredState(step.settings.executionType, String);
  const edit = (change: (settings: FlatRouterStep['settings']) => FlatRouterStep['settings'], fieldPath: string | null) =>
    update((s) => ({ ...s, settings: change(s.settings) }), fieldPath);

  return (
    <>
      <fieldset className="settings-fieldset">
        <legend className="field-label">Execution type</legend>
        {EXECUTION_TYPES.map((type) => (
          <label key={type.value} className="settings-radio">
            <input
              type="radio"
              name={`${id}-execution`}
              value={type.value}
              checked={executionType === type.value}
              disabled={readOnly}
              onChange={() => {
                showExecutionType(type.value);
                edit((settings) => setExecutionType(settings, type.value), null);
              }}
            />
            <span>
              <span className="settings-radio-label">{type.label}</span>
              <span className="settings-help">{type.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="settings-branches">
        <h3 className="settings-section-title">Branches</h3>
        {branches.map((branch, b) => (
          <BranchEditor
            key={b}
            branch={branch}
            index={b}
            canDelete={canDeleteBranch(branches, b)}
            onRename={(name) => edit((settings) => renameBranch(settings, b, name), `settings.branches.${b}.branchName`)}
            onRowChange={(g, r, patch, fieldPath) => edit((settings) => setRow(settings, b, g, r, patch), fieldPath)}
            onAddRow={(g) => edit((settings) => addRow(settings, b, g), null)}
            onAddGroup={() => edit((settings) => addGroup(settings, b), null)}
            onRemoveRow={(g, r) => edit((settings) => removeRow(settings, b, g, r), null)}
            onDuplicate={() => send({ type: 'DUPLICATE_BRANCH', request: { stepName: step.name, branchIndex: b } })}
            onDelete={() => send({ type: 'DELETE_BRANCH', request: { stepName: step.name, branchIndex: b } })}
          />
        ))}
        <button
          type="button"
          className="btn btn-secondary btn-sm settings-add"
          disabled={readOnly}
          onClick={() =>
            send({ type: 'ADD_BRANCH', request: { stepName: step.name, branchIndex: addBranchIndex(branches), branchName: nextBranchName(branches) } })
          }
        >
          <Plus width={14} height={14} aria-hidden="true" />
          Add branch
        </button>
      </div>
    </>
  );
}
