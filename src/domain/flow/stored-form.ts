/**
 * The stored flat form: what the database keeps and the autosave payload carries. It is the in-memory
 * form without what can be derived: steps are a plain array of the present steps (no null holes, so a
 * flow whose numbers went up to step_9000 after many edits does not store 9,000 nulls), without `parent`
 * pointers and without `invalidCount`. Links stay names, so the form is as flat as the flow is long and
 * JSON.stringify handles any size.
 *
 * Both conversions are O(steps). Reading checks everything (zod per step, then the structure: links,
 * reachability, one parent per step) because a stored form comes from outside: a database row, the
 * browser's storage, a request body. For the same reason the `valid` flags it carries are ignored: every
 * step and the trigger are judged again (validity.ts), and the version's `valid` follows from them.
 */
import * as z from 'zod/mini';
import type { Replacement } from './edit.ts';
import { invalidInput } from './errors.ts';
import { checkJsonDepth, cloneJson, isPlainObject, jsonEqual } from './json.ts';
import { stepNumber, TRIGGER_NAME } from './names.ts';
import {
  storedFlowContentSchema,
  storedFlowVersionSchema,
  storedStepSchema,
  type StoredFlowContent,
  type StoredFlowVersion,
  type StoredStep,
  type StoredTrigger,
} from './schemas.ts';
import { checkStructure } from './structure.ts';
import type { FlatStep, FlatTrigger, FlatVersion, ParentRef } from './types.ts';
import { judgeAll } from './validity.ts';

/** The stored step: the flat step without its parent pointer (settings shared: treat as read-only). */
export function toStoredStep(step: Readonly<FlatStep>): StoredStep {
  const { parent: _parent, ...stored } = step;
  return stored;
}

export function toStoredContent(version: FlatVersion): StoredFlowContent {
  const steps: StoredStep[] = [];
  for (const step of version.steps) if (step) steps.push(toStoredStep(step));
  return { displayName: version.displayName, trigger: { ...version.trigger }, steps };
}

export function toStoredVersion(version: FlatVersion): StoredFlowVersion {
  const { displayName, trigger, steps } = toStoredContent(version);
  return {
    id: version.id,
    flowId: version.flowId,
    displayName,
    state: version.state,
    valid: version.valid,
    schemaVersion: version.schemaVersion,
    ...(version.updated === undefined ? {} : { updated: version.updated }),
    trigger,
    steps,
  };
}

const UNLINKED: ParentRef = { step: '', slot: 'next' };

export interface BuildOptions {
  /**
   * The content was parsed from JSON text for this call alone: its steps become the flat steps as they
   * are, not copies (at 50,000 steps the copies cost a fifth of an open).
   */
  adopt?: boolean;
  /** The same content was built, and its structure checked, on another thread (fromStoredVersionAsSent). */
  checkedElsewhere?: boolean;
}

/** Rebuilds the flat trigger and steps (parents, counts) from parsed stored content; VALIDATION if broken. */
export function buildFromStoredContent(
  content: { trigger: StoredTrigger; steps: readonly StoredStep[] },
  { adopt = false, checkedElsewhere = false }: BuildOptions = {},
): Replacement {
  let max = 0;
  for (const step of content.steps) {
    const n = stepNumber(step.name);
    if (n < 0) throw invalidInput(`'${step.name}' is not a usable step name`);
    if (n > max) max = n;
  }
  const steps: (FlatStep | null)[] = new Array<FlatStep | null>(max + 1).fill(null);
  for (const stored of content.steps) {
    const n = stepNumber(stored.name);
    if (steps[n]) throw invalidInput(`Two steps are named '${stored.name}'`);
    steps[n] = adopt ? adoptStep(stored) : ({ ...stored, settings: cloneJson(stored.settings), parent: UNLINKED } as FlatStep);
  }
  const t = content.trigger;
  if (adopt) checkJsonDepth(t.settings);
  const trigger: FlatTrigger = (adopt ? t : { ...t, settings: cloneJson(t.settings) }) as FlatTrigger;
  // Parents come from the links: each linked step gets the slot that links to it, once.
  const stack: Array<[string, ParentRef]> = trigger.next === null ? [] : [[trigger.next, { step: TRIGGER_NAME, slot: 'next' }]];
  while (stack.length > 0) {
    const [name, ref] = stack.pop()!;
    const step = steps[stepNumber(name)];
    if (!step) throw invalidInput(`${ref.step} links to missing step '${name}'`);
    if (step.parent !== UNLINKED) throw invalidInput(`${name} is linked twice (a cycle or a shared step)`);
    step.parent = ref;
    if (step.next !== null) stack.push([step.next, { step: name, slot: 'next' }]);
    if (step.type === 'LOOP_ON_ITEMS' && step.firstLoopStep !== null) stack.push([step.firstLoopStep, { step: name, slot: 'loop' }]);
    if (step.type === 'ROUTER') {
      step.children.forEach((child, i) => {
        if (child !== null) stack.push([child, { step: name, slot: i }]);
      });
    }
  }
  // Whatever `valid` the form carries (a request body, an old row), the domain judges each step again.
  const invalidCount = judgeAll(trigger, steps);
  // The remaining invariants (reachability, router children per branch...) in one more pass.
  if (!checkedElsewhere) checkStructure({ ...EMPTY_IDENTITY, trigger, steps, invalidCount, valid: invalidCount === 0 });
  return { trigger, steps, invalidCount };
}

function adoptStep(stored: StoredStep): FlatStep {
  checkJsonDepth(stored.settings);
  const step = stored as FlatStep;
  step.parent = UNLINKED;
  return step;
}

const EMPTY_IDENTITY = { id: '', flowId: '', displayName: '', state: 'DRAFT', schemaVersion: null } as const;

function parseOrThrow<S extends z.ZodMiniType>(schema: S, json: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidInput(`${what} is malformed: ${issue ? `${issue.path.map(String).join('.') || 'root'}: ${issue.message}` : 'unknown error'}`);
}

export function parseStoredContent(json: unknown): StoredFlowContent {
  return parseOrThrow(storedFlowContentSchema, json, 'The stored flow');
}

/** A version read back from storage, checked and with its derived fields rebuilt. */
export function fromStoredVersion(json: unknown): FlatVersion {
  return fromParsedVersion(parseOrThrow(storedFlowVersionSchema, json, 'The stored version'));
}

/**
 * fromStoredVersion, also telling whether the zod pass would leave the JSON as it is (`asSent`): then
 * `fromStoredVersionAsSent` builds the same version from the same JSON on another thread. Such JSON (what
 * the server stores is) is checked a step at a time and its steps become the version's, never holding
 * zod's copy of every step at once: the caller hands over JSON it parsed for this call alone.
 */
export function fromStoredVersionComparing(json: unknown): { version: FlatVersion; asSent: boolean } {
  if (!inParsedForm(json)) return { version: fromStoredVersion(json), asSent: false };
  return { version: fromParsedVersion(json as StoredFlowVersion, { adopt: true }), asSent: true };
}

/**
 * A stored version built without its zod pass, from JSON the caller parsed for this call alone (its steps
 * become the version's). Only for a thread that reads the same bytes as one that checks them: the editor's
 * UI builds the served version while the worker checks it, and keeps this build only when the worker found
 * the JSON already in zod's form (`fromStoredVersionComparing`), whose build also checked the structure.
 * It is no boundary on its own: malformed input may throw anything here.
 */
export function fromStoredVersionAsSent(json: unknown): FlatVersion {
  if (!isPlainObject(json)) throw invalidInput('The stored version is not an object');
  return fromParsedVersion(json as StoredFlowVersion, { adopt: true, checkedElsewhere: true });
}

const VERSION_FIELDS_READ = ['id', 'flowId', 'displayName', 'state', 'schemaVersion', 'updated'] as const;

/** Whether zod accepts the JSON and would leave it as it is, in everything a build reads: nothing defaulted, dropped or turned. */
function inParsedForm(json: unknown): boolean {
  if (!isPlainObject(json) || !Array.isArray(json.steps)) return false;
  const steps: unknown[] = json.steps;
  const head = storedFlowVersionSchema.safeParse({ ...json, steps: [] });
  if (!head.success || !jsonEqual(json.trigger, head.data.trigger)) return false;
  for (const field of VERSION_FIELDS_READ) if (json[field] !== head.data[field]) return false;
  for (const step of steps) {
    const parsed = storedStepSchema.safeParse(step);
    if (!parsed.success || !jsonEqual(step, parsed.data)) return false;
  }
  return true;
}

/**
 * A version from content `parseStoredContent` has already checked, built without checking every step a
 * second time (the server's autosave of a 10,000-step flow spent half its time doing that).
 */
export function fromParsedContent(
  content: StoredFlowContent,
  fields: Pick<StoredFlowVersion, 'id' | 'flowId' | 'displayName' | 'state' | 'schemaVersion'> & { updated?: string },
): FlatVersion {
  return fromParsedVersion({ ...fields, valid: false, trigger: content.trigger, steps: content.steps });
}

function fromParsedVersion(stored: StoredFlowVersion, options: BuildOptions = {}): FlatVersion {
  const built = buildFromStoredContent(stored, options);
  return {
    id: stored.id,
    flowId: stored.flowId,
    displayName: stored.displayName,
    state: stored.state,
    valid: built.invalidCount === 0,
    schemaVersion: stored.schemaVersion,
    ...(stored.updated === undefined ? {} : { updated: stored.updated }),
    trigger: built.trigger,
    steps: built.steps,
    invalidCount: built.invalidCount,
  };
}
