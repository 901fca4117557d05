/**
 * Rows chosen for a bulk action: the ids of the page shown, cleared whenever the page, a filter or the
 * sort changes (a selection is of rows the user can see), and the header's 'select all on this page'
 * box (checked, unchecked or mixed).
 */
import { useEffect, useRef, useState } from 'react';
import type { WorkflowSummary } from '../../../api/workflows-api.ts';

export function useWorkflowSelection(rows: readonly WorkflowSummary[], resetKey: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [resetKey]);
  // Rows that left the page (deleted, moved out of the folder shown) leave the selection too.
  const visible = new Set(rows.map((row) => row.id));
  const current = [...selected].filter((id) => visible.has(id));
  return {
    rows,
    selected: new Set(current) as ReadonlySet<string>,
    ids: current,
    toggle: (id: string) =>
      setSelected((before) => {
        const next = new Set(before);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    setAll: (on: boolean) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
}

export function SelectAllBox({ rows, selected, onChange }: { rows: readonly WorkflowSummary[]; selected: ReadonlySet<string>; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = rows.filter((row) => selected.has(row.id)).length;
  const all = rows.length > 0 && count === rows.length;
  const some = count > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="checkbox"
      checked={all}
      disabled={rows.length === 0}
      onChange={() => onChange(!all)}
      aria-label="Select all workflows on this page"
    />
  );
}
