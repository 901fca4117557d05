/**
 * How the core turns operations into one edit: which operations are not edits, how typing groups into
 * one undo entry, what the history keeps of an operation, and applying a list of operations as one
 * change (all or nothing) with the patches that redo and undo it; and a flow file as the operation that
 * imports it.
 */
import {
  applyOperationWithPatches,
  fromNestedFlow,
  isFlowOperationError,
  toStoredContent,
  type FlatVersion,
  type FlowOperation,
  type Patch,
} from '../domain/flow/index.ts';
import { EditorError } from './editor-types.ts';
import { selectionAfter } from './selection.ts';

/** Operations that are not edits of the version's content and have their own way in. */
const NOT_EDITS: Partial<Record<FlowOperation['type'], string>> = {
  LOCK_AND_PUBLISH: 'Publish with publish(): it saves first, then publishes',
  LOCK_FLOW: 'A version is locked by publishing it',
  CHANGE_STATUS: 'CHANGE_STATUS changes the workflow, not the version: use the workflow API',
  CHANGE_FOLDER: 'CHANGE_FOLDER changes the workflow, not the version: use the workflow API',
};

/** One step's updates (or the trigger's, or the name's) typed within a second are one undo entry. */
export function defaultGroupKey(operation: FlowOperation): string | undefined {
  if (operation.type === 'UPDATE_ACTION') return `update:${operation.request.name}`;
  if (operation.type === 'UPDATE_TRIGGER') return 'update:trigger';
  if (operation.type === 'CHANGE_NAME') return 'change-name';
  return undefined;
}

/**
 * What the history keeps of an operation. An import carries its flow nested (trigger → nextAction → …),
 * which IndexedDB's structured clone cannot store past ~2,000 levels; its flat equivalent, "use this
 * content as the draft", replays the same way and is only as deep as one step.
 */
export function recordedOperation(operation: FlowOperation, after: FlatVersion): FlowOperation {
  if (operation.type !== 'IMPORT_FLOW') return operation;
  return { type: 'USE_AS_DRAFT', request: { versionId: 'import', version: toStoredContent(after) } };
}

export function asEditorError(error: unknown): unknown {
  if (isFlowOperationError(error)) return new EditorError(error.code, error.message);
  return error;
}

export interface AppliedEdit {
  version: FlatVersion;
  patches: Patch[];
  /** Undoes the whole edit: each operation's inverse, last operation first. */
  inversePatches: Patch[];
  selected: string | null;
}

/** Applies the operations in order as one edit; throws (an EditorError) and changes nothing if one is refused. */
export function applyAll(before: FlatVersion, operations: readonly FlowOperation[], selected: string | null): AppliedEdit {
  let version = before;
  const patches: Patch[] = [];
  const inverseParts: Patch[][] = [];
  for (const operation of operations) {
    const refusal = NOT_EDITS[operation.type];
    if (refusal) throw new EditorError('FLOW_OPERATION_INVALID', refusal);
    let result;
    try {
      result = applyOperationWithPatches(version, operation);
    } catch (error) {
      throw asEditorError(error);
    }
    selected = selectionAfter(operation, version, result.version, selected);
    version = result.version;
    patches.push(...result.patches);
    inverseParts.push(result.inversePatches);
  }
  // A paste selects its first step, not its last.
  const first = operations[0];
  if (operations.length > 1 && first?.type === 'ADD_ACTION') selected = first.request.action.name;
  return { version, patches, inversePatches: inverseParts.reverse().flat(), selected };
}

/** A flow file's JSON text (ours or an Activepieces export) as the one operation that imports it. */
export function importOperation(jsonText: string): FlowOperation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText);
  } catch {
    throw new EditorError('VALIDATION', 'The file is not valid JSON');
  }
  let imported: FlatVersion;
  try {
    imported = fromNestedFlow(parsed);
  } catch (error) {
    throw asEditorError(error);
  }
  // Applied as its flat equivalent: replacing name, trigger and steps is exactly what an import does.
  return { type: 'USE_AS_DRAFT', request: { versionId: 'import', version: toStoredContent(imported) } };
}
