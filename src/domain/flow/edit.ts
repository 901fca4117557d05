/**
 * One operation's edit of a flat version, inside an immer draft.
 *
 * Field edits of existing steps go through the draft (`edit(name)`), so immer records small patches such
 * as `steps/42/settings/input/url`. Whole-slot writes (a new step, a deleted step) do NOT: assigning an
 * index of the 10,000-slot steps array makes immer scan the whole array when it builds patches (measured
 * 0.25 ms per operation). They are collected here instead and applied after immer has finished, with
 * their patches written by hand: `add` for a slot past the end, `replace` for a slot inside it (the
 * inverse: `remove`, from the highest index down, or `replace` with the old value). Forward patches are
 * immer's then ours; inverse patches ours then immer's. Ours only ever touch whole slots, immer's only
 * fields inside slots, so applying either list in order gives exactly the other version.
 *
 * Reads (`get`) return the latest value: a pending new step, the draft of a step already edited, or the
 * untouched base object (no proxy is created for a step that is only read). Never mutate what `get`
 * returns; call `edit`.
 *
 * Validity is decided here, never taken from a request: `insert` judges each new step (a copy keeps its
 * original's verdict, `insertCopy`) and `revalidate`
 * re-judges a step (or the trigger) after an operation changed its type or settings, with the domain's
 * rules (validity.ts), at the cost of that one step. Together with `remove` they keep a running delta of
 * invalid steps, and `finish` writes `invalidCount` and `valid` once, so neither ever needs a scan of
 * the flow.
 */
import { invalidOperation, stepNotFound } from './errors.ts';
import type { Patch } from './immer.ts';
import { assertNumberAvailable, isTooSparse, sparseBound, stepNameOf, stepNumber, TRIGGER_NAME } from './names.ts';
import type { FlatStep, FlatTrigger, FlatVersion } from './types.ts';
import { stepValidity, triggerValidity } from './validity.ts';

export interface OperationResult {
  version: FlatVersion;
  patches: Patch[];
  inversePatches: Patch[];
}

export interface Replacement {
  trigger: FlatTrigger;
  steps: (FlatStep | null)[];
  invalidCount: number;
}

export class VersionEdit {
  private readonly pending = new Map<number, FlatStep | null>();
  private readonly drafted = new Map<number, FlatStep>();
  private nextNumber: number;
  private invalidDelta = 0;
  private replacement: Replacement | null = null;
  private triggerDraft: FlatTrigger | null = null;

  constructor(
    readonly base: FlatVersion,
    /** The immer draft of the version; write version-level fields (displayName, state) here. */
    readonly root: FlatVersion,
  ) {
    this.nextNumber = Math.max(base.steps.length, 1);
  }

  // ---- reads ----

  get(name: string): Readonly<FlatStep> | undefined {
    const n = stepNumber(name);
    if (n < 0) return undefined;
    if (this.replacement) return this.replacement.steps[n] ?? undefined;
    if (this.pending.has(n)) return this.pending.get(n) ?? undefined;
    return this.drafted.get(n) ?? this.base.steps[n] ?? undefined;
  }

  /** The step, or STEP_NOT_FOUND; naming the trigger where an action is needed is FLOW_OPERATION_INVALID. */
  require(name: string): Readonly<FlatStep> {
    const step = this.get(name);
    if (step) return step;
    if (name === TRIGGER_NAME) throw invalidOperation('The trigger is not an action; this operation needs a step');
    throw stepNotFound(name);
  }

  get trigger(): Readonly<FlatTrigger> {
    return this.triggerDraft ?? this.base.trigger;
  }

  // ---- writes ----

  edit(name: string): FlatStep {
    const n = stepNumber(name);
    const pendingStep = n > 0 && this.pending.has(n) ? this.pending.get(n) : undefined;
    if (pendingStep) return pendingStep;
    const drafted = this.drafted.get(n);
    if (drafted) return drafted;
    if (n < 0 || this.pending.has(n) || !this.base.steps[n]) throw stepNotFound(name);
    const draft = this.root.steps[n]!;
    this.drafted.set(n, draft);
    return draft;
  }

  editTrigger(): FlatTrigger {
    this.triggerDraft ??= this.root.trigger;
    return this.triggerDraft;
  }

  /** A fresh step name, O(1): the next number past every number used so far. */
  reserveName(): string {
    assertNumberAvailable(this.nextNumber);
    return stepNameOf(this.nextNumber++);
  }

  /** Adds a new step object (owned by the caller until commit) in its slot, judged; counts it if invalid. */
  insert(step: FlatStep): void {
    step.valid = stepValidity(step);
    this.place(step);
  }

  /**
   * Adds a copy of a step of this version (DUPLICATE_ACTION, DUPLICATE_BRANCH): the same configuration
   * with references renamed (a reference stays a reference), so the original's verdict stands. Not judging
   * again keeps copying a 1,000-step loop as cheap as the copy itself.
   */
  insertCopy(copy: FlatStep): void {
    this.place(copy);
  }

  private place(step: FlatStep): void {
    const n = stepNumber(step.name);
    if (n < 0) throw invalidOperation(`'${step.name}' is not a step name: names are step_N with N ≥ 1`);
    if (this.get(step.name)) throw invalidOperation(`A step named '${step.name}' already exists`);
    // A caller may pick any unused step_N (Activepieces clients name their own steps), as long as the
    // array indexed by N stays within the sparseness bound imports keep (names.ts); generated names
    // then continue above it. The count is only taken on this rare path, so a normal add stays O(1).
    if (n > this.nextNumber && isTooSparse(n, this.presentCount() + 1)) {
      throw invalidOperation(
        `'${step.name}' is too far past the used step numbers; the next free name is ${stepNameOf(this.nextNumber)} (at most step_${sparseBound(this.presentCount() + 1)} here)`,
      );
    }
    if (n >= this.nextNumber) {
      assertNumberAvailable(n);
      this.nextNumber = n + 1;
    }
    this.pending.set(n, step);
    if (!step.valid) this.invalidDelta++;
  }

  /** Steps the version holds with this edit's pending adds and removals (a walk of the array). */
  private presentCount(): number {
    const steps = this.replacement ? this.replacement.steps : this.base.steps;
    let count = 0;
    for (let n = 1; n < steps.length; n++) {
      const pending = this.replacement ? undefined : this.pending.get(n);
      if (pending === undefined ? steps[n] : pending) count++;
    }
    for (const [n, step] of this.pending) if (n >= steps.length && step) count++;
    return count;
  }

  remove(name: string): void {
    const step = this.require(name);
    if (!step.valid) this.invalidDelta--;
    const n = stepNumber(name);
    this.pending.set(n, null);
    this.drafted.delete(n);
  }

  /** Judges the step (or the trigger) as the operation left it; call after changing a type or settings. */
  revalidate(name: string): void {
    if (name === TRIGGER_NAME) this.setValid(name, triggerValidity(this.trigger));
    else this.setValid(name, stepValidity(this.require(name)));
  }

  private setValid(name: string, valid: boolean): void {
    if (name === TRIGGER_NAME) {
      if (this.trigger.valid === valid) return;
      this.invalidDelta += valid ? -1 : 1;
      this.editTrigger().valid = valid;
      return;
    }
    if (this.require(name).valid === valid) return;
    this.invalidDelta += valid ? -1 : 1;
    this.edit(name).valid = valid;
  }

  /** Import and use-as-draft: the trigger and every step change at once. */
  replaceAll(replacement: Replacement): void {
    this.replacement = replacement;
    this.pending.clear();
    this.drafted.clear();
    this.invalidDelta = 0;
    this.root.trigger = replacement.trigger;
    this.triggerDraft = replacement.trigger;
  }

  /** Inside the recipe, last: writes the counts so `valid` never needs a scan. */
  finish(): void {
    const count = this.replacement ? this.replacement.invalidCount : this.base.invalidCount + this.invalidDelta;
    this.root.invalidCount = count;
    this.root.valid = count === 0;
  }

  /** After immer: applies the whole-slot writes to immer's result and adds their patches. */
  commit(next: FlatVersion, patches: Patch[], inversePatches: Patch[]): OperationResult {
    if (this.replacement) return this.commitReplacement(next, patches, inversePatches);
    if (this.pending.size === 0) return { version: next, patches, inversePatches };
    const base = this.base.steps;
    // immer's result is ours to finish (it was created by this produce); the input never is.
    const version = next === this.base ? { ...next } : next;
    const steps = version.steps === base ? base.slice() : version.steps;
    let end = base.length;
    for (const [n, step] of this.pending) if (step && n + 1 > end) end = n + 1;
    const forward: Patch[] = [];
    const backward: Patch[] = [];
    const inside = [...this.pending.keys()].filter((n) => n < base.length).sort((a, b) => a - b);
    for (const n of inside) {
      const value = this.pending.get(n) ?? null;
      const old = base[n] ?? null;
      if (value === old) continue;
      steps[n] = value;
      forward.push({ op: 'replace', path: ['steps', n], value });
      backward.push({ op: 'replace', path: ['steps', n], value: old });
    }
    for (let n = base.length; n < end; n++) {
      const value = this.pending.get(n) ?? null;
      steps.push(value);
      forward.push({ op: 'add', path: ['steps', n], value });
    }
    for (let n = end - 1; n >= base.length; n--) backward.push({ op: 'remove', path: ['steps', n] });
    version.steps = steps;
    return { version, patches: [...patches, ...forward], inversePatches: [...backward, ...inversePatches] };
  }

  private commitReplacement(next: FlatVersion, patches: Patch[], inversePatches: Patch[]): OperationResult {
    const steps = this.replacement!.steps;
    const version = next === this.base ? { ...next } : next;
    version.steps = steps;
    return {
      version,
      patches: [...patches, { op: 'replace', path: ['steps'], value: steps }],
      inversePatches: [{ op: 'replace', path: ['steps'], value: this.base.steps }, ...inversePatches],
    };
  }
}
