/**
 * Copy and paste of steps, also between workflows (issue #5): the clipboard holds JSON text naming its
 * kind, the copied steps in the stored flat form (links by name, so a 1,000-step loop body is 1,000 flat
 * entries, never a 1,000-level nesting), and the roots that were selected.
 *
 * Copying a step takes everything inside it (loop body, branches), not the steps after it, as duplicate
 * does. Selected steps inside another selected step are dropped: they come along with it.
 *
 * Pasting is a list of ADD_ACTION operations the editor applies as one undo entry: the roots one after
 * another at the placement, each with its contents. Copies get fresh names in paste order, `{{...}}`
 * references among them follow the new names, sample data is cleared, and display names stay as copied
 * (a paste into another workflow is not a duplicate).
 */
import * as z from 'zod/mini';
import { FlowOperationError } from './errors.ts';
import { stepNameOf } from './names.ts';
import type { AddActionRequest, FlowOperation, NewAction } from './operation-schemas.ts';
import { storedStepSchema, type StoredStep } from './schemas.ts';
import { collectSubtree, versionReader } from './structure.ts';
import { copySettings } from './references.ts';
import { toStoredStep } from './stored-form.ts';
import type { FlatVersion } from './types.ts';

export const CLIPBOARD_KIND = 'flowsmith/steps';
/** A paste is applied step by step; past this many the clipboard is refused rather than freeze the tab. */
export const MAX_CLIPBOARD_STEPS = 5_000;

const clipboardSchema = z.object({
  kind: z.literal(CLIPBOARD_KIND),
  roots: z.array(z.string()).check(z.minLength(1)),
  steps: z.array(storedStepSchema).check(z.maxLength(MAX_CLIPBOARD_STEPS)),
});
export type ClipboardContent = z.output<typeof clipboardSchema>;

export interface PastePlacement {
  parentStep: string;
  location: 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH';
  branchIndex?: number;
}

/** The selected steps that are not inside another selected step, in the order given. */
function outermost(version: FlatVersion, names: readonly string[]): string[] {
  const read = versionReader(version);
  const selected = new Set(names);
  return names.filter((name) => {
    for (let step = read(name); step; ) {
      const parent = step.parent;
      if (parent.step === 'trigger') return true;
      // Following a step ('next') does not put you inside it; a loop or branch slot does.
      if (parent.slot !== 'next' && selected.has(parent.step)) return false;
      step = read(parent.step);
    }
    return true;
  });
}

/** The clipboard text for the named steps; throws STEP_NOT_FOUND for a name the version lacks. */
export function copyToClipboard(version: FlatVersion, names: readonly string[]): string {
  const read = versionReader(version);
  for (const name of names) {
    if (!read(name)) throw new FlowOperationError('STEP_NOT_FOUND', `No step is named '${name}'`);
  }
  const roots = outermost(version, names);
  const steps: StoredStep[] = [];
  for (const root of roots) {
    for (const name of collectSubtree(read, root)) {
      const stored = toStoredStep(read(name)!);
      // A root's own successor is not copied along.
      steps.push(name === root ? { ...stored, next: null } : stored);
    }
  }
  return JSON.stringify({ kind: CLIPBOARD_KIND, roots, steps });
}

/** The clipboard's content when the text is a Flowsmith step copy, else null (any other text). */
export function readClipboard(text: string): ClipboardContent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = clipboardSchema.safeParse(parsed);
  if (!result.success) return null;
  const names = new Set(result.data.steps.map((step) => step.name));
  return result.data.roots.every((root) => names.has(root)) ? result.data : null;
}

function newAction(step: StoredStep, rename: ReadonlyMap<string, string>): NewAction {
  const common = {
    name: rename.get(step.name)!,
    displayName: step.displayName,
    ...(step.skip === undefined ? {} : { skip: step.skip }),
    ...(step.customLogoUrl === undefined ? {} : { customLogoUrl: step.customLogoUrl }),
  };
  const settings = copySettings(step.settings, rename);
  return { ...common, type: step.type, settings } as NewAction;
}

/**
 * The ADD_ACTION operations that paste `content` at `placement` into `version`. Names are the version's
 * next free ones in the order the operations add them, so the list must be applied as given, at once.
 */
export function pasteOperations(version: FlatVersion, content: ClipboardContent, placement: PastePlacement): FlowOperation[] {
  const byName = new Map(content.steps.map((step) => [step.name, step]));
  const rename = new Map<string, string>();
  // Names first (references between copies need every new name before any settings are copied).
  let next = Math.max(version.steps.length, 1);
  const order: { step: StoredStep; at: Omit<AddActionRequest, 'action'> }[] = [];
  const pending: { name: string; at: Omit<AddActionRequest, 'action'> }[] = [];
  const atPlacement: Omit<AddActionRequest, 'action'> = {
    parentStep: placement.parentStep,
    stepLocationRelativeToParent: placement.location,
    ...(placement.branchIndex === undefined ? {} : { branchIndex: placement.branchIndex }),
  };
  // Roots go one after another: the first at the placement, each next one after the previous root.
  let previous: string | null = null;
  const rootPlacements = content.roots.map((root) => {
    const at = previous === null ? atPlacement : { parentStep: previous, stepLocationRelativeToParent: 'AFTER' as const };
    previous = root;
    return { name: root, at };
  });
  // Placements refer to old names while walking; they are mapped to new names once all are known.
  for (let i = rootPlacements.length - 1; i >= 0; i--) pending.push(rootPlacements[i]!);
  for (let item = pending.pop(); item; item = pending.pop()) {
    const step = byName.get(item.name);
    if (!step) continue;
    rename.set(step.name, stepNameOf(next++));
    order.push({ step, at: item.at });
    const inner: { name: string; at: Omit<AddActionRequest, 'action'> }[] = [];
    if (step.type === 'LOOP_ON_ITEMS') inner.push(...chainPlacements(byName, step.firstLoopStep, { parentStep: step.name, stepLocationRelativeToParent: 'INSIDE_LOOP' }));
    if (step.type === 'ROUTER') {
      step.children.forEach((head, branchIndex) => {
        inner.push(...chainPlacements(byName, head, { parentStep: step.name, stepLocationRelativeToParent: 'INSIDE_BRANCH', branchIndex }));
      });
    }
    for (let i = inner.length - 1; i >= 0; i--) pending.push(inner[i]!);
  }
  return order.map(({ step, at }): FlowOperation => ({
    type: 'ADD_ACTION',
    request: {
      ...at,
      // The placement names a step of the target version; every other placement names a copied step.
      parentStep: at === atPlacement ? at.parentStep : rename.get(at.parentStep)!,
      action: newAction(step, rename),
    },
  }));
}

/** A chain's steps, each placed after the one before it, the head at `first`. */
function chainPlacements(
  byName: ReadonlyMap<string, StoredStep>,
  head: string | null,
  first: Omit<AddActionRequest, 'action'>,
): { name: string; at: Omit<AddActionRequest, 'action'> }[] {
  const out: { name: string; at: Omit<AddActionRequest, 'action'> }[] = [];
  let at = first;
  const seen = new Set<string>();
  for (let name = head; name !== null && !seen.has(name); ) {
    seen.add(name);
    out.push({ name, at });
    at = { parentStep: name, stepLocationRelativeToParent: 'AFTER' };
    name = byName.get(name)?.next ?? null;
  }
  return out;
}
