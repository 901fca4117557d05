/**
 * Words for a version diff (src/domain/flow/version-diff.ts): where a step sits, and a short, safe
 * preview of a value. A changed value may be a whole object nested deeper than JSON.stringify survives,
 * so the preview walks it with its own bounded loop and never prints more than a line.
 */
import type { StepChangeKind, StepPlace } from '../../../../domain/index.ts';

export const KIND_LABELS: Record<StepChangeKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed', moved: 'Moved' };

/** "after step_2 in the main chain", "first in the loop step_3", "first in branch 2 of step_4". */
export function describePlace(place: StepPlace, nameOf: (step: string) => string): string {
  const chain =
    place.chain.kind === 'top'
      ? 'the main chain'
      : place.chain.kind === 'loop'
        ? `the loop ${nameOf(place.chain.step)}`
        : `branch ${place.chain.branch + 1} of ${nameOf(place.chain.step)}`;
  return place.after === null ? `first in ${chain}` : `after ${nameOf(place.after)} in ${chain}`;
}

const PREVIEW_MAX = 160;

/** Punctuation queued between values on the preview's stack. */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** One line for a value: strings quoted, objects as compact JSON cut at PREVIEW_MAX characters. */
export function previewValue(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return clip(JSON.stringify(value));
  if (typeof value !== 'object' || value === null) return String(value);
  // Compact JSON written piece by piece from an explicit stack, stopping once the line is full.
  let out = '';
  const stack: unknown[] = [value];
  while (stack.length > 0 && out.length <= PREVIEW_MAX) {
    const item = stack.pop();
    if (item instanceof Raw) {
      out += item.text;
      continue;
    }
    if (Array.isArray(item)) {
      stack.push(new Raw(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i]);
        if (i > 0) stack.push(new Raw(','));
      }
      out += '[';
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      stack.push(new Raw('}'));
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push(entries[i]![1]);
        stack.push(new Raw(`${JSON.stringify(entries[i]![0])}:`));
        if (i > 0) stack.push(new Raw(','));
      }
      out += '{';
    } else {
      out += item === undefined ? 'null' : JSON.stringify(item);
    }
  }
  return clip(out, stack.length > 0);
}

function clip(text: string, cut = false): string {
  return text.length > PREVIEW_MAX || cut ? `${text.slice(0, PREVIEW_MAX)}…` : text;
}
