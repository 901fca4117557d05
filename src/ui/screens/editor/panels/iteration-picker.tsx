/**
 * 'Iteration N of M' for one loop of a run: previous / next, and a number field to jump straight to an
 * iteration (a loop over 10,000 items is not stepped through one click at a time). The field accepts
 * what is typed as soon as it is a whole number in range; anything else is put back when it loses focus.
 */
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

interface IterationPickerProps {
  /** The loop's display name, naming the group for screen readers. */
  loopName: string;
  /** 0-based. */
  index: number;
  count: number;
  onChange(index: number): void;
}

export function IterationPicker({ loopName, index, count, onChange }: IterationPickerProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const go = (next: number) => onChange(Math.min(Math.max(next, 0), count - 1));

  const onInput = (text: string) => {
    setDraft(text);
    const number = Number(text);
    if (text.trim() !== '' && Number.isInteger(number) && number >= 1 && number <= count) go(number - 1);
  };

  return (
    <div className="panel-iterations" role="group" aria-label={`Iterations of ${loopName}`}>
      <button type="button" className="icon-button icon-button-sm" aria-label="Previous iteration" disabled={index <= 0} onClick={() => go(index - 1)}>
        <ChevronLeft width={16} height={16} aria-hidden="true" />
      </button>
      <span className="panel-iterations-label" aria-live="polite">
        Iteration {index + 1} of {count}
      </span>
      <button type="button" className="icon-button icon-button-sm" aria-label="Next iteration" disabled={index >= count - 1} onClick={() => go(index + 1)}>
        <ChevronRight width={16} height={16} aria-hidden="true" />
      </button>
      <input
        type="number"
        className="input panel-iterations-input"
        aria-label={`Go to iteration of ${loopName}`}
        title="Go to iteration"
        inputMode="numeric"
        min={1}
        max={count}
        step={1}
        value={draft ?? String(index + 1)}
        onChange={(event) => onInput(event.currentTarget.value)}
        onBlur={() => setDraft(null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setDraft(null);
        }}
      />
    </div>
  );
}
