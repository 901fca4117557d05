/**
 * Nested (Activepieces) JSON → flat version, without recursion. A 10,000-step chain nests 10,000 levels
 * deep; walking it recursively, or with a recursive zod schema, or through structuredClone or
 * JSON.stringify, overflows the stack in Node 20. So:
 *
 * 1. one loop with an explicit stack visits every node in flow order (a step, its loop body, its branches,
 *    then the step after it) and checks each node's own fields with a per-node schema (schemas.ts);
 * 2. names are settled: step_N names are kept as they are; if any name is not step_N-shaped (an older
 *    or hand-written flow: 'http_request', 'step_01') or the numbers are absurdly sparse (N > 4·count +
 *    1000: the array is indexed by N), every step is renumbered step_1..step_n in flow order and every
 *    `{{...}}` reference in every settings object is rewritten to the new names (references.ts);
 * 3. flat steps are built with their links and parents as names, settings deep-copied (so the imported
 *    JSON and the version never share an object), and each is judged by the domain's validity rules: the
 *    file's own `valid` flags are read (Activepieces writes them) but never believed.
 *
 * Refused with VALIDATION: a node that does not parse, two steps with one name (which step would a
 * reference mean?), a router whose children do not match its branches, the same object reached twice.
 */
import { STEP_TYPES } from './constants.ts';
import type { Replacement } from './edit.ts';
import { invalidInput } from './errors.ts';
import { cloneJson, isPlainObject, type JsonObject } from './json.ts';
import { isTooSparse, MAX_STEP_NUMBER, stepNameOf, stepNumber, TRIGGER_NAME } from './names.ts';
import { rewriteReferences } from './references.ts';
import { actionNodeSchema, triggerNodeSchema, type ActionNode } from './schemas.ts';
import type { FlatStep, FlatTrigger, FlatVersion, ParentRef, ParentSlot } from './types.ts';
import { judgeAll } from './validity.ts';

interface Entry {
  node: ActionNode;
  parent: number; // index in entries, -1 for the trigger
  slot: ParentSlot;
  next: number;
  loop: number;
  children: number[];
}

interface Pending {
  raw: unknown;
  parent: number;
  slot: ParentSlot;
}

function issueText(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'node'}: ${issue.message}`)
    .join('; ');
}

function describeNode(raw: JsonObject, position: number): string {
  return typeof raw.name === 'string' ? `Step '${raw.name}'` : `Step #${position} (in flow order)`;
}

function parseAction(raw: unknown, position: number): ActionNode {
  if (!isPlainObject(raw)) throw invalidInput(`Step #${position} (in flow order) is not an object`);
  const parsed = actionNodeSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const type = raw.type;
  if (typeof type !== 'string' || !(STEP_TYPES as readonly string[]).includes(type)) {
    throw invalidInput(`${describeNode(raw, position)} has type '${String(type)}'; steps are ${STEP_TYPES.join(', ')}`);
  }
  throw invalidInput(`${describeNode(raw, position)} is malformed: ${issueText(parsed.error)}`);
}

const present = (value: unknown): boolean => value !== undefined && value !== null;

/** Step 1: every node, in flow order, with its links as positions. */
function collect(trigger: JsonObject): { entries: Entry[]; first: number } {
  const entries: Entry[] = [];
  let first = -1;
  const seen = new Set<object>();
  const stack: Pending[] = present(trigger.nextAction) ? [{ raw: trigger.nextAction, parent: -1, slot: 'next' }] : [];
  while (stack.length > 0) {
    const { raw, parent, slot } = stack.pop()!;
    const index = entries.length;
    if (index >= MAX_STEP_NUMBER) throw invalidInput(`A flow holds at most ${MAX_STEP_NUMBER} steps`);
    const node = parseAction(raw, index + 1);
    const source = raw as JsonObject;
    if (seen.has(source)) throw invalidInput(`Step '${node.name}' appears twice in the flow`);
    seen.add(source);
    entries.push({ node, parent, slot, next: -1, loop: -1, children: [] });
    if (parent === -1) first = index;
    else {
      const owner = entries[parent]!;
      if (slot === 'next') owner.next = index;
      else if (slot === 'loop') owner.loop = index;
      else owner.children[slot] = index;
    }
    // Pushed in reverse of flow order: the loop body pops first, then the branches, then the next step.
    if (present(source.nextAction)) stack.push({ raw: source.nextAction, parent: index, slot: 'next' });
    if (node.type === 'ROUTER') {
      const branches = node.settings.branches.length;
      const children = source.children ?? Array.from({ length: branches }, () => null);
      if (!Array.isArray(children) || children.length !== branches) {
        throw invalidInput(`Router '${node.name}' has ${branches} branches but ${Array.isArray(children) ? children.length : 'no list of'} children`);
      }
      entries[index]!.children = children.map(() => -1);
      for (let i = children.length - 1; i >= 0; i--) {
        if (present(children[i])) stack.push({ raw: children[i], parent: index, slot: i });
      }
    }
    if (node.type === 'LOOP_ON_ITEMS' && present(source.firstLoopAction)) {
      stack.push({ raw: source.firstLoopAction, parent: index, slot: 'loop' });
    }
  }
  return { entries, first };
}

/** Step 2: the final names, and the renaming map when the flow had to be renumbered. */
function settleNames(entries: readonly Entry[]): { names: string[]; rename: Map<string, string> | null; size: number } {
  const seen = new Set<string>();
  let max = 0;
  let renumber = false;
  for (const { node } of entries) {
    if (node.name === TRIGGER_NAME) throw invalidInput(`A step is named '${TRIGGER_NAME}', the trigger's name`);
    if (seen.has(node.name)) throw invalidInput(`Two steps are named '${node.name}'`);
    seen.add(node.name);
    const n = stepNumber(node.name);
    if (n < 0) renumber = true;
    else if (n > max) max = n;
  }
  if (!renumber && !isTooSparse(max, entries.length)) {
    return { names: entries.map((e) => e.node.name), rename: null, size: max + 1 };
  }
  const names = entries.map((_, i) => stepNameOf(i + 1));
  return { names, rename: new Map(entries.map((e, i) => [e.node.name, names[i]!])), size: entries.length + 1 };
}

/** Converts a nested trigger (with its whole chain) into a flat trigger and steps. */
export function buildFromNestedTrigger(rawTrigger: unknown): Replacement {
  if (!isPlainObject(rawTrigger)) throw invalidInput('The trigger is not an object');
  const parsedTrigger = triggerNodeSchema.safeParse(rawTrigger);
  if (!parsedTrigger.success) throw invalidInput(`The trigger is malformed: ${issueText(parsedTrigger.error)}`);
  const { entries, first } = collect(rawTrigger);
  const { names, rename, size } = settleNames(entries);
  const copy = <T>(settings: T): T => cloneJson(settings, rename ? (text) => rewriteReferences(text, rename) : undefined);
  const nameAt = (index: number): string | null => (index < 0 ? null : names[index]!);
  const steps: (FlatStep | null)[] = new Array<FlatStep | null>(size).fill(null);
  entries.forEach((entry, i) => {
    const { node } = entry;
    const name = names[i]!;
    const parent: ParentRef = entry.parent < 0 ? { step: TRIGGER_NAME, slot: 'next' } : { step: names[entry.parent]!, slot: entry.slot };
    const common = {
      name,
      displayName: node.displayName,
      valid: node.valid,
      ...(node.skip === undefined ? {} : { skip: node.skip }),
      ...(node.customLogoUrl === undefined ? {} : { customLogoUrl: node.customLogoUrl }),
      next: nameAt(entry.next),
      parent,
    };
    let step: FlatStep;
    switch (node.type) {
      case 'CODE':
        step = { ...common, type: 'CODE', settings: copy(node.settings) };
        break;
      case 'PIECE':
        step = { ...common, type: 'PIECE', settings: copy(node.settings) };
        break;
      case 'LOOP_ON_ITEMS':
        step = { ...common, type: 'LOOP_ON_ITEMS', settings: copy(node.settings), firstLoopStep: nameAt(entry.loop) };
        break;
      case 'ROUTER':
        step = { ...common, type: 'ROUTER', settings: copy(node.settings), children: entry.children.map(nameAt) };
        break;
    }
    steps[stepNumber(name)] = step;
  });
  const t = parsedTrigger.data;
  const common = { name: TRIGGER_NAME, displayName: t.displayName, valid: t.valid, next: nameAt(first) } as const;
  const trigger: FlatTrigger =
    t.type === 'EMPTY' ? { ...common, type: 'EMPTY', settings: copy(t.settings) } : { ...common, type: 'PIECE_TRIGGER', settings: copy(t.settings) };
  return { trigger, steps, invalidCount: judgeAll(trigger, steps) };
}

/**
 * An Activepieces flow version (or template file: its `template` is used) as a new flat draft. `ids`
 * names the version and its flow; without them the JSON's own `id` / `flowId` are used, else ''.
 */
export function fromNestedFlow(json: unknown, ids: { id?: string; flowId?: string } = {}): FlatVersion {
  const source = isPlainObject(json) && isPlainObject(json.template) ? json.template : json;
  if (!isPlainObject(source)) throw invalidInput('A flow must be an object with a displayName and a trigger');
  if (typeof source.displayName !== 'string') throw invalidInput('The flow has no displayName');
  const built = buildFromNestedTrigger(source.trigger);
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  return {
    id: ids.id ?? text(source.id) ?? '',
    flowId: ids.flowId ?? text(source.flowId) ?? '',
    displayName: source.displayName,
    state: 'DRAFT',
    valid: built.invalidCount === 0,
    schemaVersion: text(source.schemaVersion) ?? null,
    trigger: built.trigger,
    steps: built.steps,
    invalidCount: built.invalidCount,
  };
}
