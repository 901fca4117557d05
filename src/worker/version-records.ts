/**
 * The two records the editor keeps per version in the browser (persistence.ts), and how they are read
 * back. Both are read as untrusted: another build or a half-written session may have left them, and a
 * record that does not parse is ignored (an empty history, no recovered changes), never fatal.
 *
 * - 'unsaved': the newest version the server has not confirmed, in the domain's stored form (flat, so
 *   the structured clone never recurses down a long chain). Written before each save request, deleted
 *   when the server has it.
 * - 'history': the undo/redo stacks plus `anchor`, the server's `updated` stamp of the version they end
 *   at. If the version changed elsewhere since (another tab or device), the stored patches no longer fit
 *   it and the history is dropped instead of being applied to the wrong state.
 */
import * as z from 'zod/mini';
import {
  flowOperationSchema,
  fromStoredVersion,
  toStoredStep,
  type FlatStep,
  type FlatVersion,
  type FlowOperation,
  type StoredFlowContent,
  type StoredFlowVersion,
  type StoredStep,
} from '../domain/flow/index.ts';
import { restoreHistory, type HistoryOptions, type SerializedHistory, type UndoHistory } from './history.ts';

/**
 * Format 2 keeps the version as JSON text: storing a 10,000-step version as objects made IndexedDB clone
 * 10,000 objects on every edit; a string is one copy, and its steps' text is cached (see below).
 * Format 1 (objects) is still read.
 */
export type UnsavedRecord =
  | { formatVersion: 1; savedAt: number; version: StoredFlowVersion }
  | { formatVersion: 2; savedAt: number; versionJson: string };

export interface HistoryRecord {
  formatVersion: 1;
  anchor: string | null;
  history: SerializedHistory<FlowOperation>;
}

const unsavedRecordSchema = z.union([
  z.object({ formatVersion: z.literal(1), savedAt: z.number(), version: z.unknown() }),
  z.object({ formatVersion: z.literal(2), savedAt: z.number(), versionJson: z.string() }),
]);
const historyRecordSchema = z.object({ formatVersion: z.literal(1), anchor: z.nullable(z.string()), history: z.unknown() });

// Every save stores the version, then sends it. An edit changes a step or two and structural sharing
// keeps every other step object, so each step's stored form and JSON text are made once and reused:
// serialising a 10,000-step version after a rename converts one step and joins cached text.
const storedSteps = new WeakMap<FlatStep, StoredStep>();
const stepJson = new WeakMap<StoredStep, string>();
const storedVersions = new WeakMap<FlatVersion, StoredFlowVersion>();
const storedContents = new WeakMap<FlatVersion, StoredFlowContent>();
/** Contents made by `storedContentOf` (their steps are the cached ones), each with its version. */
const madeHere = new WeakMap<StoredFlowContent, FlatVersion>();

function storedStepOf(step: FlatStep): StoredStep {
  let stored = storedSteps.get(step);
  if (!stored) {
    stored = toStoredStep(step);
    storedSteps.set(step, stored);
  }
  return stored;
}

/** The steps' JSON per steps array: a save writes it into the stored record and into the request. */
const stepsJson = new WeakMap<readonly StoredStep[], string>();

function jsonOfSteps(steps: readonly StoredStep[]): string {
  let json = stepsJson.get(steps);
  if (json === undefined) {
    json = joinStepJson(steps);
    stepsJson.set(steps, json);
  }
  return json;
}

function joinStepJson(steps: readonly StoredStep[]): string {
  const parts: string[] = new Array(steps.length);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    let text = stepJson.get(step);
    if (text === undefined) {
      text = JSON.stringify(step);
      stepJson.set(step, text);
    }
    parts[i] = text;
  }
  return `[${parts.join(',')}]`;
}

export function storedVersionOf(version: FlatVersion): StoredFlowVersion {
  let stored = storedVersions.get(version);
  if (!stored) {
    const steps: StoredStep[] = [];
    for (const step of version.steps) if (step) steps.push(storedStepOf(step));
    stored = {
      id: version.id,
      flowId: version.flowId,
      displayName: version.displayName,
      state: version.state,
      valid: version.valid,
      schemaVersion: version.schemaVersion,
      ...(version.updated === undefined ? {} : { updated: version.updated }),
      trigger: { ...version.trigger },
      steps,
    };
    storedVersions.set(version, stored);
  }
  return stored;
}

/** The autosave `configuration`: the domain's compact stored content. */
export function storedContentOf(version: FlatVersion): StoredFlowContent {
  let content = storedContents.get(version);
  if (!content) {
    const { displayName, trigger, steps } = storedVersionOf(version);
    content = { displayName, trigger, steps };
    storedContents.set(version, content);
    madeHere.set(content, version);
  }
  return content;
}

/** The version a stored content was made from by `storedContentOf`; undefined for any other value. */
export function versionOfContent(content: unknown): FlatVersion | undefined {
  return typeof content === 'object' && content !== null ? madeHere.get(content as StoredFlowContent) : undefined;
}

function storedVersionJson(version: FlatVersion): string {
  const stored = storedVersionOf(version);
  const { steps, ...rest } = stored;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)},"steps":${jsonOfSteps(steps)}}`;
}

/** The stored version's JSON without its steps (an object missing only `"steps"`), for unsaved-record.ts. */
export function versionHeadJson(version: FlatVersion): string {
  const { steps: _steps, ...rest } = storedVersionOf(version);
  return JSON.stringify(rest);
}

/** The JSON array of the stored steps numbered `from` to `to` - 1 (absent numbers skipped), from cached text. */
export function stepsJsonBetween(version: FlatVersion, from: number, to: number): string {
  return `[${stepsTextBetween(version, from, to)}]`;
}

/** `stepsJsonBetween` without the brackets: the steps' JSON joined by commas, empty when there are none. */
export function stepsTextBetween(version: FlatVersion, from: number, to: number): string {
  const parts: string[] = [];
  for (let n = from; n < Math.min(to, version.steps.length); n++) {
    const step = version.steps[n];
    if (!step) continue;
    const stored = storedStepOf(step);
    let text = stepJson.get(stored);
    if (text === undefined) {
      text = JSON.stringify(stored);
      stepJson.set(stored, text);
    }
    parts.push(text);
  }
  return parts.join(',');
}

export function unsavedRecordOf(version: FlatVersion, now: number): UnsavedRecord {
  return { formatVersion: 2, savedAt: now, versionJson: storedVersionJson(version) };
}

/** The recovered version, or null when there is none or it cannot be trusted. */
export function readUnsavedRecord(value: unknown, versionId: string): FlatVersion | null {
  const record = unsavedRecordSchema.safeParse(value);
  if (!record.success) return null;
  try {
    const stored = record.data.formatVersion === 2 ? (JSON.parse(record.data.versionJson) as unknown) : record.data.version;
    const version = fromStoredVersion(stored);
    return version.id === versionId ? version : null;
  } catch {
    return null;
  }
}

export function historyRecordOf(history: UndoHistory<FlowOperation>, anchor: string | null): HistoryRecord {
  return { formatVersion: 1, anchor, history: history.toJSON() };
}

/**
 * The stored history if it still fits `version`: when the version came from the server (nothing was
 * recovered) its `updated` must match the stamp the history was saved with.
 */
export function readHistoryRecord(
  value: unknown,
  version: FlatVersion,
  fromRecoveredChanges: boolean,
  options: HistoryOptions,
): { history: UndoHistory<FlowOperation>; restored: boolean } {
  const record = historyRecordSchema.safeParse(value);
  const stale =
    record.success &&
    !fromRecoveredChanges &&
    record.data.anchor !== null &&
    version.updated !== undefined &&
    record.data.anchor !== version.updated;
  const history = restoreHistory(record.success && !stale ? record.data.history : undefined, flowOperationSchema, options);
  return { history, restored: history.canUndo || history.canRedo };
}
