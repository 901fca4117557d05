/**
 * A search field over a list of results, as the find box and the command palette show it: the ARIA
 * combobox pattern (the focus stays in the field, `aria-activedescendant` names the active option), arrow
 * keys, Home/End and Page keys move through the results, Enter chooses, a click chooses. Results come
 * from the caller already filtered; this component only shows them and moves the active one.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

export interface SearchItem {
  id: string;
  label: string;
  /** Secondary text (a step's name, a command's group). */
  detail?: string;
  /** A key binding shown at the end ('Ctrl/Cmd+Z'). */
  keys?: string | null;
  disabled?: boolean;
  /** A heading shown above the first item of each group. */
  group?: string;
  icon?: ReactNode;
}

interface SearchListProps {
  label: string;
  placeholder: string;
  query: string;
  onQuery(query: string): void;
  items: readonly SearchItem[];
  onChoose(item: SearchItem): void;
  /** The active result changed (the find box shows it on the canvas). */
  onActive?(item: SearchItem | null): void;
  /** Under the field: '3 of 120 steps', 'No step matches'. Announced politely. */
  status?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
  /** Keys the field does not handle itself (Escape, Ctrl+F) go here first. */
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

const PAGE = 8;

/** Consecutive items of one group, with their indexes in the whole list. */
function groupsOf(items: readonly SearchItem[]) {
  const groups: { name: string | undefined; items: { item: SearchItem; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const last = groups[groups.length - 1];
    if (last && last.name === item.group) last.items.push({ item, index });
    else groups.push({ name: item.group, items: [{ item, index }] });
  });
  return groups;
}

export function SearchList({ label, placeholder, query, onQuery, items, onChoose, onActive, status, inputRef, className = '', onKeyDown }: SearchListProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;

  // New results: the first is active again.
  useEffect(() => setActive(0), [items]);
  const current = items[Math.min(active, items.length - 1)] ?? null;
  useEffect(() => {
    onActive?.(current);
    if (current) list.current?.querySelector(`[data-index="${items.indexOf(current)}"]`)?.scrollIntoView({ block: 'nearest' });
    // onActive is the caller's; only a change of the active item calls it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const move = (to: number) => {
    if (items.length === 0) return;
    setActive(Math.max(0, Math.min(items.length - 1, to)));
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const at = Math.min(active, items.length - 1);
    const handled: Record<string, () => void> = {
      ArrowDown: () => move(at + 1 > items.length - 1 ? 0 : at + 1),
      ArrowUp: () => move(at - 1 < 0 ? items.length - 1 : at - 1),
      PageDown: () => move(at + PAGE),
      PageUp: () => move(at - PAGE),
      Enter: () => {
        if (current && !current.disabled) onChoose(current);
      },
    };
    if ((event.key === 'Home' || event.key === 'End') && event.ctrlKey) {
      event.preventDefault();
      move(event.key === 'Home' ? 0 : items.length - 1);
      return;
    }
    const act = handled[event.key];
    if (act) {
      event.preventDefault();
      act();
    }
  };

  const activeIndex = current ? items.indexOf(current) : -1;
  return (
    <div className={`search-list ${className}`}>
      <input
        ref={input}
        className="input search-list-input"
        role="combobox"
        aria-label={label}
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        placeholder={placeholder}
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={keyDown}
      />
      {status ? (
        <p className="search-list-status" aria-live="polite">
          {status}
        </p>
      ) : null}
      <div ref={list} id={listId} role="listbox" aria-label={label} className="search-list-options" hidden={items.length === 0}>
        {groupsOf(items).map((group) => {
          const options = group.items.map(({ item, index }) => (
            <div
              key={item.id}
              id={`${id}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={index === activeIndex}
              aria-disabled={item.disabled || undefined}
              className={`search-list-option${index === activeIndex ? ' is-active' : ''}${item.disabled ? ' is-disabled' : ''}`}
              // The focus stays in the field: a press on an option must not take it.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== activeIndex && setActive(index)}
              onClick={() => {
                if (!item.disabled) onChoose(item);
              }}
            >
              {item.icon ? <span className="search-list-icon">{item.icon}</span> : null}
              <span className="search-list-label">{item.label}</span>
              {item.detail ? <span className="search-list-detail">{item.detail}</span> : null}
              {item.keys ? <kbd className="search-list-keys">{item.keys}</kbd> : null}
            </div>
          ));
          if (!group.name) return options;
          const headingId = `${id}-group-${group.items[0]!.index}`;
          return (
            <div key={headingId} role="group" aria-labelledby={headingId}>
              <div id={headingId} className="search-list-group" role="presentation">
                {group.name}
              </div>
              {options}
            </div>
          );
        })}
      </div>
    </div>
  );
}
