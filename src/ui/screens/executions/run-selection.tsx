/**
 * Row selection on /executions (issue 17): a checkbox per run that ended (a run still going cannot be
 * deleted, so its box is disabled and says why), one in the header for every deletable run on the page,
 * and the bar that deletes the selection after a confirm naming the count. The selection belongs to the
 * page shown: another page or filter starts with nothing selected.
 */
import { useState } from 'react';
import { Trash2, X } from 'lucide-react';
import type { RunSummary } from '../../../api/executions-api.ts';
import { ConfirmDialog } from '../../components/data/confirm-dialog.tsx';
import { canDeleteRun, runsCount, useDeleteRuns } from '../../components/runs/use-run-delete.ts';

export interface RunSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  setAll: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

/** The selection of the page named by `pageKey` (reset when it changes). */
export function useRunSelection(pageKey: string): RunSelection {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: pageKey, ids: new Set() });
  const selected = state.key === pageKey ? state.ids : new Set<string>();
  const update = (change: (ids: Set<string>) => void) => {
    const next = new Set(selected);
    change(next);
    setState({ key: pageKey, ids: next });
  };
  return {
    selected,
    toggle: (id, on) => update((ids) => (on ? ids.add(id) : ids.delete(id))),
    setAll: (ids, on) => update((current) => ids.forEach((id) => (on ? current.add(id) : current.delete(id)))),
    clear: () => setState({ key: pageKey, ids: new Set() }),
  };
}

const shortId = (run: Pick<RunSummary, 'id'>) => run.id.slice(0, 8);

export function RowCheckbox({ run, selection }: { run: RunSummary; selection: RunSelection }) {
  const deletable = canDeleteRun(run);
  return (
    <input
      type="checkbox"
      className="run-select"
      checked={deletable && selection.selected.has(run.id)}
      disabled={!deletable}
      title={deletable ? undefined : 'Still running: it can be deleted once it ends'}
      aria-label={`Select run ${shortId(run)} of ${run.workflowName}${deletable ? '' : ' (still running)'}`}
      onChange={(event) => selection.toggle(run.id, event.target.checked)}
    />
  );
}

export function SelectAllCheckbox({ runs, selection }: { runs: readonly RunSummary[]; selection: RunSelection }) {
  const ids = runs.filter(canDeleteRun).map((run) => run.id);
  const chosen = ids.filter((id) => selection.selected.has(id)).length;
  return (
    <input
      type="checkbox"
      className="run-select"
      aria-label="Select every finished run on this page"
      disabled={ids.length === 0}
      checked={ids.length > 0 && chosen === ids.length}
      ref={(box) => {
        if (box) box.indeterminate = chosen > 0 && chosen < ids.length;
      }}
      onChange={(event) => selection.setAll(ids, event.target.checked)}
    />
  );
}

/** Shown while runs are selected: how many, Delete (asks first) and Clear. */
export function SelectionBar({ selection }: { selection: RunSelection }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRuns(() => {
    setConfirming(false);
    selection.clear();
  });
  const count = selection.selected.size;
  if (count === 0) return null;
  return (
    <div className="runs-selection-bar" role="region" aria-label="Selected runs">
      <p className="runs-selection-count" aria-live="polite">
        {runsCount(count)} selected
      </p>
      <button type="button" className="btn btn-danger btn-sm" onClick={() => setConfirming(true)}>
        <Trash2 width={14} height={14} aria-hidden="true" />
        Delete
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={selection.clear}>
        <X width={14} height={14} aria-hidden="true" />
        Clear selection
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${runsCount(count)}?`}
        description={`The ${count === 1 ? 'run and its step record are' : `${count} runs and their step records are`} deleted for good, and the dashboards stop counting ${count === 1 ? 'it' : 'them'}.`}
        confirmLabel={`Delete ${runsCount(count)}`}
        busy={remove.isPending}
        onConfirm={() => remove.mutate([...selection.selected])}
      />
    </div>
  );
}
