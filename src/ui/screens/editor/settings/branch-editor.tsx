/**
 * One router branch: its name, and either its condition groups (rows AND-ed inside a group, groups
 * OR-ed) or, for the fallback, what it means. Copy and delete are branch operations of their own.
 */
import { Copy, Plus, Trash2 } from 'lucide-react';
import type { Branch, ConditionRow } from '../../../../domain/index.ts';
import { useStepEdit } from './edit-context.ts';
import { TextControl } from './fields.tsx';
import { ConditionRowEditor } from './condition-row-editor.tsx';
import { rowCount } from './router-edits.ts';

interface BranchEditorProps {
  branch: Branch;
  index: number;
  canDelete: boolean;
  onRename: (name: string) => void;
  onRowChange: (group: number, row: number, patch: Partial<ConditionRow>, fieldPath: string | null) => void;
  onAddRow: (group: number) => void;
  onAddGroup: () => void;
  onRemoveRow: (group: number, row: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

export function BranchEditor(props: BranchEditorProps) {
  const { readOnly } = useStepEdit();
  const { branch, index } = props;
  const name = branch.branchName || `Branch ${index + 1}`;
  return (
    <section className="settings-branch" aria-label={name}>
      <div className="settings-branch-head">
        <TextControl label="Branch name" value={branch.branchName} onValue={props.onRename} className="settings-branch-name" />
        <div className="settings-branch-actions">
          {branch.branchType === 'CONDITION' ? (
            <button type="button" className="icon-button" aria-label="Duplicate branch" title="Duplicate branch" disabled={readOnly} onClick={props.onDuplicate}>
              <Copy width={14} height={14} aria-hidden="true" />
            </button>
          ) : null}
          {props.canDelete ? (
            <button type="button" className="icon-button" aria-label="Delete branch" title="Delete branch" disabled={readOnly} onClick={props.onDelete}>
              <Trash2 width={14} height={14} aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
      {branch.branchType === 'FALLBACK' ? (
        <p className="settings-help">Runs when no other branch matches</p>
      ) : (
        <Conditions {...props} branch={branch} />
      )}
    </section>
  );
}

function Conditions(props: BranchEditorProps & { branch: Extract<Branch, { branchType: 'CONDITION' }> }) {
  const { readOnly } = useStepEdit();
  const { branch, index } = props;
  const onlyRow = rowCount(branch) <= 1;
  return (
    <div className="settings-conditions">
      {branch.conditions.length === 0 ? <p className="field-error">Add at least one condition</p> : null}
      {branch.conditions.map((group, g) => (
        <div key={g} className="settings-condition-group-wrap">
          {g > 0 ? (
            <p className="settings-joiner settings-joiner-or" aria-hidden="true">
              or
            </p>
          ) : null}
          <div role="group" aria-label={`Condition group ${g + 1}`} className="settings-condition-group">
            <ol className="settings-condition-list">
              {group.map((row, r) => (
                <ConditionRowEditor
                  key={r}
                  row={row}
                  path={`settings.branches.${index}.conditions.${g}.${r}`}
                  canRemove={!onlyRow}
                  onChange={(patch, fieldPath) => props.onRowChange(g, r, patch, fieldPath)}
                  onRemove={() => props.onRemoveRow(g, r)}
                />
              ))}
            </ol>
            <button type="button" className="btn btn-ghost btn-sm settings-add" disabled={readOnly} onClick={() => props.onAddRow(g)}>
              <Plus width={14} height={14} aria-hidden="true" />
              And
            </button>
          </div>
        </div>
      ))}
      <button type="button" className="btn btn-secondary btn-sm settings-add" disabled={readOnly} onClick={props.onAddGroup}>
        <Plus width={14} height={14} aria-hidden="true" />
        Or
      </button>
    </div>
  );
}
