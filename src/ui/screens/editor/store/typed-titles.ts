/**
 * Step names being typed (the settings panel's 'Display name', a card renamed in place), shown on their
 * cards before the worker answers. Chromium holds a worker's answer to a keypress back until the next
 * frame is drawn, so a card following the mirror alone shows a letter a frame after the field does.
 *
 * A title lives while an edit that set it is on its way: when the last of them is answered, the mirror
 * holds the same name (the answer and the settling are one action, so no frame shows the old one), and
 * when the worker refuses, the card shows the mirror's name again, as the field does.
 */
import { action, makeObservable, observable } from 'mobx';
import type { FlowOperationInput } from '../../../../domain/flow/index.ts';

export class TypedTitles {
  private readonly titles = observable.map<string, string>();
  private readonly pending = new Map<string, number>();

  /** `mirrored`: the step's name in the mirror, so that an update of another field shows nothing. */
  constructor(private readonly mirrored: (step: string) => string | undefined) {
    makeObservable(this, { show: action, settle: action });
  }

  /** The name a step is being given by an edit on its way; undefined when none is. */
  of(step: string): string | undefined {
    return this.titles.get(step);
  }

  /** Shows the name an update on its way gives its step; answers the step to `settle` when it is answered. */
  show(operation: FlowOperationInput): string | null {
    if (operation.type !== 'UPDATE_ACTION' && operation.type !== 'UPDATE_TRIGGER') return null;
    const name = operation.type === 'UPDATE_TRIGGER' ? 'trigger' : operation.request.name;
    const { displayName } = operation.request;
    if (!this.titles.has(name) && displayName === this.mirrored(name)) return null;
    this.titles.set(name, displayName);
    this.pending.set(name, (this.pending.get(name) ?? 0) + 1);
    return name;
  }

  settle(step: string | null): void {
    if (step === null) return;
    const left = (this.pending.get(step) ?? 1) - 1;
    if (left > 0) return void this.pending.set(step, left);
    this.pending.delete(step);
    this.titles.delete(step);
  }
}
