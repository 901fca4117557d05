/**
 * The list behind every '+' on the canvas: a search box (focused on open) over the core steps and the
 * apps' actions, as a combobox: arrows move the highlighted option, Enter picks it, Escape closes, and
 * the pointer works too. The editor positions it; this renders its content.
 */
import { useId, useLayoutEffect, useMemo, useState, type JSX, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { findPiece } from '../../../../domain/pieces/index.ts';
import { filterItems, PICKER_ITEMS, type PickerItem, type StepChoice } from './step-choices.ts';
import { pieceIcon, stepIcon } from './step-icon.tsx';
import './settings.css';
import './step-picker.css';

export { actionForChoice, type StepChoice } from './step-choices.ts';

export interface StepPickerProps {
  onPick: (choice: StepChoice) => void;
  onClose: () => void;
}

const SECTIONS = ['Core', 'Apps'] as const;

function itemIcon(choice: StepChoice) {
  return choice.type === 'PIECE' ? pieceIcon(findPiece(choice.pieceName)?.icon) : stepIcon(choice);
}

export function StepPicker({ onPick, onClose }: StepPickerProps): JSX.Element {
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const items = useMemo(() => filterItems(PICKER_ITEMS, query), [query]);
  const current = items[Math.min(active, items.length - 1)];
  const optionId = (item: PickerItem) => `${id}-${item.id}`;

  const activeId = current ? optionId(current) : undefined;
  useLayoutEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && items.length > 0) {
      event.preventDefault();
      const last = items.length - 1;
      const at = Math.min(active, last);
      if (event.key === 'ArrowDown') setActive(at >= last ? 0 : at + 1);
      else setActive(at <= 0 ? last : at - 1);
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      onPick(current.choice);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div role="dialog" aria-label="Add a step" className="step-picker" onKeyDown={onKeyDown}>
      <div className="step-picker-search">
        <Search width={16} height={16} aria-hidden="true" className="step-picker-search-icon" />
        <input
          type="text"
          className="input"
          placeholder="Search steps"
          aria-label="Search steps"
          role="combobox"
          aria-expanded="true"
          aria-autocomplete="list"
          aria-controls={`${id}-list`}
          aria-activedescendant={activeId}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
        />
      </div>
      <div id={`${id}-list`} role="listbox" aria-label="Steps" className="step-picker-list">
        {items.length === 0 ? (
          <p className="step-picker-empty" role="status">
            No steps match “{query}”
          </p>
        ) : null}
        {SECTIONS.map((section) => {
          const inSection = items.filter((item) => item.section === section);
          if (inSection.length === 0) return null;
          return (
            <div key={section} role="group" aria-labelledby={`${id}-${section}`} className="step-picker-group">
              <p id={`${id}-${section}`} className="step-picker-heading" role="presentation">
                {section}
              </p>
              {inSection.map((item) => {
                const Icon = itemIcon(item.choice);
                const selected = item === current;
                return (
                  <div
                    key={item.id}
                    id={optionId(item)}
                    role="option"
                    aria-selected={selected}
                    className={selected ? 'step-picker-option step-picker-option-active' : 'step-picker-option'}
                    onMouseMove={() => setActive(items.indexOf(item))}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onPick(item.choice)}
                  >
                    <span className="settings-piece-icon" aria-hidden="true">
                      <Icon width={16} height={16} />
                    </span>
                    <span className="settings-piece-text">
                      <span className="settings-piece-name">
                        {item.label}
                        {item.pieceLabel ? <span className="step-picker-piece"> · {item.pieceLabel}</span> : null}
                      </span>
                      <span className="settings-help">{item.description}</span>
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
