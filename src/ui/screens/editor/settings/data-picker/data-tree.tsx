/**
 * The picker's list as an ARIA tree (flat, with aria-level): one tab stop, arrows move, Right opens or
 * steps in, Left closes or steps out, Home/End, Enter inserts. A row's chevron opens it; a click
 * elsewhere on a row inserts its reference, so a mouse user can insert a whole object too.
 */
import { Fragment, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import type { DataRow } from './data-rows.ts';

interface DataTreeProps {
  id: string;
  rows: readonly DataRow[];
  active: string | null;
  onActive: (id: string) => void;
  onToggle: (id: string) => void;
  onInsert: (reference: string) => void;
  /** Up from the first row goes back to the search box. */
  onLeaveTop: () => void;
}

/** A path that wraps between its parts ('step_1.items[0]' before '.' and '['), never inside a key. */
function breakable(path: string): ReactNode {
  const parts = path.split(/(?=[.[])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

export function DataTree({ id, rows, active, onActive, onToggle, onInsert, onLeaveTop }: DataTreeProps) {
  const list = useRef<HTMLUListElement>(null);
  const found = rows.findIndex((row) => row.id === active);
  const current = found >= 0 ? found : 0;

  const move = (index: number) => {
    const row = rows[index];
    if (!row) return;
    onActive(row.id);
    (list.current?.children[index] as HTMLElement | undefined)?.focus();
  };
  const choose = (row: DataRow) => {
    if (row.reference) onInsert(row.reference);
    else if (row.expandable) onToggle(row.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // The row the key was pressed on (focus and `active` agree, save for a click's focus still on its way).
    const target = (event.target as HTMLElement).closest('[role="treeitem"]');
    const from = Array.prototype.indexOf.call(list.current?.children ?? [], target) as number;
    const at = from >= 0 ? from : current;
    const row = rows[at];
    if (!row) return;
    const { key } = event;
    if (key === 'ArrowDown') move(at + 1);
    else if (key === 'ArrowUp') {
      if (at === 0) onLeaveTop();
      else move(at - 1);
    } else if (key === 'Home') move(0);
    else if (key === 'End') move(rows.length - 1);
    else if (key === 'ArrowRight') {
      if (row.expandable && !row.expanded) onToggle(row.id);
      else if (row.expanded) move(at + 1);
    } else if (key === 'ArrowLeft') {
      if (row.expanded) onToggle(row.id);
      else if (row.parent !== null) move(rows.findIndex((r) => r.id === row.parent));
    } else if (key === 'Enter') choose(row);
    else if (key === ' ' && row.expandable) onToggle(row.id);
    else return;
    event.preventDefault();
  };

  return (
    <ul ref={list} id={id} role="tree" aria-label="Data from earlier steps" className="data-tree" onKeyDown={onKeyDown}>
      {rows.map((row, index) => (
        <li
          key={row.id}
          role="treeitem"
          aria-level={row.level}
          aria-expanded={row.expandable ? row.expanded : undefined}
          aria-disabled={row.reference ? undefined : true}
          aria-label={row.more !== undefined ? undefined : [row.label, row.detail, row.preview, row.note].filter(Boolean).join(', ')}
          tabIndex={index === current ? 0 : -1}
          className={`data-row${row.reference ? '' : ' is-inert'}`}
          style={{ paddingInlineStart: `${0.25 + (row.level - 1) * 1}rem` }}
          title={row.reference ? `Insert ${row.reference}` : undefined}
          onFocus={() => onActive(row.id)}
          onClick={() => choose(row)}
        >
          {row.more !== undefined ? (
            <span className="data-row-more">…{row.more.toLocaleString('en')} more — search to find them</span>
          ) : (
            <>
              <span
                className={`data-row-toggle${row.expanded ? ' is-expanded' : ''}`}
                aria-hidden="true"
                onClick={(event) => {
                  if (!row.expandable) return;
                  event.stopPropagation();
                  onActive(row.id);
                  onToggle(row.id);
                }}
              >
                {row.expandable ? <ChevronRight width={14} height={14} /> : null}
              </span>
              <span className="data-row-main">
                <span className="data-row-line">
                  <span className={row.root ? 'data-row-title' : 'data-row-key'}>{row.root ? row.label : breakable(row.label)}</span>
                  {row.root && row.detail ? <span className="data-row-detail">{row.detail}</span> : null}
                  {row.preview ? <span className="data-row-preview">{row.preview}</span> : null}
                </span>
                {/* A search match names its step under the path. */}
                {!row.root && row.detail ? <span className="data-row-note">{row.detail}</span> : null}
                {row.note ? <span className="data-row-note">{row.note}</span> : null}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
