/**
 * The find box (Ctrl/Cmd+F on the canvas): results as you type from the step index (step-search.ts,
 * built once per version), the arrow keys move through them and show each on the canvas, Enter jumps to
 * the result with it selected and the focus on its card. Escape (or the close button) closes it and
 * gives the focus back. Ctrl/Cmd+F inside the box selects its text instead of opening the browser's find.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { X } from 'lucide-react';
import type { EditorStore } from '../store/editor-store.ts';
import { searchSteps, stepIndex } from './step-search.ts';
import { SearchList, type SearchItem } from './search-list.tsx';
import './find.css';

const LIMIT = 50;

export function stepItems(hits: readonly { name: string; displayName: string }[], group?: string): SearchItem[] {
  return hits.map((hit) => ({ id: `step:${hit.name}`, label: hit.displayName, detail: hit.name === 'trigger' ? 'Trigger' : hit.name, ...(group ? { group } : {}) }));
}

export function findStatus(query: string, shown: number, total: number): string {
  if (!query.trim()) return 'Type a step’s name or step_N';
  if (total === 0) return 'No step matches';
  if (total === 1) return '1 step';
  return total > shown ? `First ${shown} of ${total} steps` : `${total} steps`;
}

interface FindBoxProps {
  store: EditorStore;
  /** `jumped`: a result was chosen (the focus goes to its card, not back). */
  onClose(jumped?: boolean): void;
  /** Shows a step on the canvas (`select`: and selects it, the focus on its card). */
  reveal(name: string, select: boolean): void;
}

export const FindBox = observer(function FindBox({ store, onClose, reveal }: FindBoxProps) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Typing stays ahead of the search on a slow machine; the list catches up.
  const deferred = useDeferredValue(query);
  const version = store.version;
  const result = useMemo(() => (version ? searchSteps(stepIndex(version), deferred, LIMIT) : { hits: [], total: 0 }), [version, deferred]);
  const items = useMemo(() => stepItems(result.hits), [result]);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      input.current?.select();
    }
  };

  return (
    <div className="find-box" role="search" aria-label="Find a step">
      <SearchList
        label="Find a step"
        placeholder="Find a step by name…"
        query={query}
        onQuery={setQuery}
        items={items}
        inputRef={input}
        status={findStatus(deferred, result.hits.length, result.total)}
        onKeyDown={onKeyDown}
        onActive={(item) => {
          if (item) reveal(item.id.slice('step:'.length), false);
        }}
        onChoose={(item) => {
          onClose(true);
          reveal(item.id.slice('step:'.length), true);
        }}
      />
      <button type="button" className="icon-button find-box-close" aria-label="Close find" title="Close (Escape)" onClick={() => onClose()}>
        <X width={16} height={16} aria-hidden="true" />
      </button>
    </div>
  );
});
