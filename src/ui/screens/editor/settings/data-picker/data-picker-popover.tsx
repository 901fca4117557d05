/**
 * The data picker: a non-modal dialog under (or above) the field, as wide as the settings column, with a
 * search box and the tree of what the steps before this one produced (their stored samples, the same
 * query 'Test step' fills). Escape closes it and gives the field its caret back; focus or a click
 * leaving it closes it quietly. It lives inside the panel's DOM but is placed with `position: fixed`,
 * so the panel's scrolling box does not clip it.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { stepSamplesQuery } from '../../../../../api/runs-api.ts';
import type { DataPickerSource } from './data-picker-context.ts';
import { dataRoots } from './data-roots.ts';
import { searchRows, treeRows } from './data-rows.ts';
import { DataTree } from './data-tree.tsx';

interface DataPickerPopoverProps {
  id: string;
  label: string;
  source: DataPickerSource;
  /** The button that opened it: clicks on it are its own (it toggles the picker). */
  anchor: RefObject<HTMLElement | null>;
  onInsert: (reference: string) => void;
  onClose: (refocus: boolean) => void;
}

const MARGIN = 8;
const PREFERRED_HEIGHT = 384;

/** Below the field when it fits (or fits better than above), across the settings column. */
function placement(anchor: HTMLElement): CSSProperties {
  const field = (anchor.closest('.data-field') ?? anchor).getBoundingClientRect();
  const column = (anchor.closest('.step-settings-body') ?? document.documentElement).getBoundingClientRect();
  const width = Math.min(Math.max(column.width - 2 * MARGIN, 280), window.innerWidth - 2 * MARGIN);
  const left = Math.min(Math.max(column.left + MARGIN, MARGIN), window.innerWidth - MARGIN - width);
  const below = window.innerHeight - field.bottom - MARGIN;
  const above = field.top - MARGIN;
  if (below >= 260 || below >= above) return { left, width, top: field.bottom + 4, maxHeight: Math.min(PREFERRED_HEIGHT, below - 4) };
  return { left, width, bottom: window.innerHeight - field.top + 4, maxHeight: Math.min(PREFERRED_HEIGHT, above - 4) };
}

function usePlacement(anchor: RefObject<HTMLElement | null>) {
  const [style, setStyle] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => anchor.current && setStyle(placement(anchor.current)));
    };
    if (anchor.current) setStyle(placement(anchor.current));
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [anchor]);
  return style;
}

export function DataPickerPopover({ id, label, source, anchor, onInsert, onClose }: DataPickerPopoverProps) {
  const samples = useQuery(stepSamplesQuery(source.flowId));
  const roots = useMemo(() => dataRoots(source.version(), source.stepName, samples.data), [source, samples.data]);
  const [query, setQuery] = useState('');
  // The step just before is the likeliest source: it starts open.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(roots.slice(-1).map((root) => root.name)));
  const [active, setActive] = useState<string | null>(null);
  const search = useMemo(() => (query.trim() ? searchRows(roots, query) : null), [roots, query]);
  const rows = useMemo(() => search?.rows ?? treeRows(roots, expanded), [search, roots, expanded]);
  const dialog = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const style = usePlacement(anchor);

  useEffect(() => searchBox.current?.focus(), []);
  useEffect(() => {
    // A click on the canvas may not move focus (React Flow keeps it), so watch the pointer too.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && !dialog.current?.contains(target) && !anchor.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [anchor, onClose]);

  const toggle = (rowId: string) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  const treeId = `${id}-tree`;
  const status = samples.isPending ? 'Loading sample data…' : samples.isError ? 'Sample data could not be loaded.' : null;

  return (
    <div
      ref={dialog}
      id={id}
      role="dialog"
      aria-label={`Insert data into ${label}`}
      className="data-picker"
      style={style}
      // Focusable, so a click on its padding keeps focus inside instead of closing it.
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        // The panel closes on Escape too; one press does one thing.
        event.stopPropagation();
        onClose(true);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && (event.currentTarget.contains(next) || anchor.current?.contains(next))) return;
        onClose(false);
      }}
    >
      <div className="data-picker-head">
        <input
          ref={searchBox}
          type="search"
          className="input data-picker-search"
          aria-label="Search data by path"
          placeholder="Search, e.g. items[0].id"
          aria-controls={treeId}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && rows.length > 0) {
              event.preventDefault();
              setActive(rows[0]!.id);
              (dialog.current?.querySelector('[role="treeitem"]') as HTMLElement | null)?.focus();
            } else if (event.key === 'Enter' && search?.rows[0]?.reference) {
              event.preventDefault();
              onInsert(search.rows[0].reference);
            }
          }}
        />
        <button type="button" className="icon-button" aria-label="Close data picker" title="Close" onClick={() => onClose(true)}>
          <X width={16} height={16} aria-hidden="true" />
        </button>
      </div>
      {status ? (
        <p className="data-picker-status" role="status">
          {status}
        </p>
      ) : null}
      {search ? (
        <p className={search.rows.length === 0 ? 'data-picker-status' : 'visually-hidden'} role="status">
          {search.rows.length === 0
            ? `No data matches “${query.trim()}”`
            : `${search.rows.length}${search.partial ? '+' : ''} ${search.rows.length === 1 ? 'match' : 'matches'}`}
        </p>
      ) : null}
      <DataTree
        id={treeId}
        rows={rows}
        active={active}
        onActive={setActive}
        onToggle={toggle}
        onInsert={onInsert}
        onLeaveTop={() => searchBox.current?.focus()}
      />
      {search?.partial ? <p className="data-picker-status">Showing the first matches: type more to narrow them.</p> : null}
      <p className="data-picker-hint">Enter inserts · → opens · Esc closes</p>
    </div>
  );
}
