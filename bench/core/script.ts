/**
 * What `npm run bench:core` times: an operation script (`--ops script.json`) or the default mix. A script
 * is a JSON array (or `{ "operations": [...] }`) of SPEC §4 operations (`{ "type", "request" }`, with an
 * optional `"label"`), plus `{ "type": "UNDO" }` and `{ "type": "REDO" }`. It is checked against the flow
 * before anything runs, and every problem is one `InputError` naming the entry.
 */
import {
  createAction,
  FLOW_OPERATION_TYPES,
  flowOperationSchema,
  nextStepName,
  versionReader,
  type FlatStep,
  type FlatVersion,
  type FlowOperationInput,
} from '../../src/domain/flow/index.ts';
import { seededRandom } from '../flow-generator.ts';
import { InputError } from './input-error.ts';

export type ScriptEntry =
  | { label: string; kind: 'operation'; operation: FlowOperationInput }
  | { label: string; kind: 'undo' | 'redo' };

const KNOWN_TYPES: readonly string[] = [...FLOW_OPERATION_TYPES, 'UNDO', 'REDO'];

/** Step names an operation's request points at, and the one it creates (ADD_ACTION). */
function referencedSteps(operation: FlowOperationInput): { existing: string[]; created: string | null } {
  const request = operation.request as Record<string, unknown>;
  const existing: string[] = [];
  for (const key of ['parentStep', 'newParentStep', 'stepName'] as const) {
    if (typeof request[key] === 'string') existing.push(request[key] as string);
  }
  if (operation.type === 'UPDATE_ACTION' || operation.type === 'MOVE_ACTION') existing.push(String(request.name));
  if (Array.isArray(request.names)) existing.push(...request.names.map(String));
  const created = operation.type === 'ADD_ACTION' ? String((request.action as { name?: unknown } | undefined)?.name) : null;
  return { existing, created };
}

function describeIssue(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return 'malformed operation';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Reads and checks an operation script against the flow it will run on. */
export function readScript(text: string, file: string, version: FlatVersion): ScriptEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file}: the script is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const list = Array.isArray(json) ? json : (json as { operations?: unknown } | null)?.operations;
  if (!Array.isArray(list) || list.length === 0) {
    throw new InputError(`${file}: a script is a non-empty JSON array of operations (or { "operations": [...] })`);
  }
  const read = versionReader(version);
  return list.map((raw, index) => {
    const where = `${file}, operation ${index + 1}`;
    if (typeof raw !== 'object' || raw === null) throw new InputError(`${where}: an operation is an object with a "type"`);
    const { label, ...entry } = raw as { label?: unknown; type?: unknown };
    const type = String(entry.type);
    if (!KNOWN_TYPES.includes(type)) {
      throw new InputError(`${where}: unknown operation '${type}' (known: ${KNOWN_TYPES.join(', ')})`);
    }
    const name = typeof label === 'string' && label.trim() ? label.trim() : type;
    if (type === 'UNDO' || type === 'REDO') return { label: name, kind: type === 'UNDO' ? 'undo' : 'redo' } as const;
    const parsed = flowOperationSchema.safeParse(entry);
    if (!parsed.success) throw new InputError(`${where} (${type}): ${describeIssue(parsed.error)}`);
    const { existing, created } = referencedSteps(entry as FlowOperationInput);
    for (const step of existing) {
      if (step !== 'trigger' && !read(step)) throw new InputError(`${where} (${type}): step '${step}' is not in the flow`);
    }
    if (created && read(created)) throw new InputError(`${where} (${type}): step '${created}' is already in the flow; add under an unused name`);
    return { label: name, kind: 'operation', operation: entry as FlowOperationInput } as const;
  });
}

interface Targets {
  any: FlatStep[];
  plain: FlatStep[];
  routers: FlatStep[];
}

function targetsOf(version: FlatVersion): Targets {
  const any = version.steps.filter((step): step is FlatStep => step !== null);
  return {
    any,
    plain: any.filter((step) => step.type === 'CODE' || step.type === 'PIECE'),
    routers: any.filter((step) => step.type === 'ROUTER'),
  };
}

/** UPDATE_ACTION as the settings panel sends it: the step's own fields, links left out. */
function updateOf(step: FlatStep, rep: number): FlowOperationInput {
  const { name, type, displayName, valid, skip, settings } = step;
  return { type: 'UPDATE_ACTION', request: { name, type, valid, skip, settings, displayName: `${displayName} (${rep})` } } as FlowOperationInput;
}

/**
 * The default mix for one repetition: update, add, delete, move, duplicate, skip, the branch operations
 * on a router, undo and redo, each at a step picked by a seeded random (or at `at` when given), so no
 * cache makes a later repetition cheaper than the first and two runs time the same edits.
 */
export function defaultMix(version: FlatVersion, at: string | null, seed = 7): (rep: number) => ScriptEntry[] {
  const targets = targetsOf(version);
  // Seeded per repetition: asking twice for one repetition (our core, then Activepieces) gives the same edits.
  let random = seededRandom(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const fixed = at ? versionReader(version)(at) ?? null : null;
  if (at && !fixed) throw new InputError(`--at: step '${at}' is not in the flow`);
  if (targets.plain.length === 0) throw new InputError('The flow has no code or piece step to edit: the default mix needs at least one (or give --ops)');
  const plainAt = () => (fixed && (fixed.type === 'CODE' || fixed.type === 'PIECE') ? fixed : pick(targets.plain));
  const anyAt = () => fixed ?? pick(targets.any);
  const added = nextStepName(version);
  return (rep) => {
    random = seededRandom(seed * 100_003 + rep);
    const entries: ScriptEntry[] = [
      { label: 'UPDATE_ACTION', kind: 'operation', operation: updateOf(plainAt(), rep) },
      {
        label: 'ADD_ACTION',
        kind: 'operation',
        operation: { type: 'ADD_ACTION', request: { parentStep: anyAt().name, stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', added) } },
      },
      { label: 'DELETE_ACTION', kind: 'operation', operation: { type: 'DELETE_ACTION', request: { names: [plainAt().name] } } },
      { label: 'DUPLICATE_ACTION', kind: 'operation', operation: { type: 'DUPLICATE_ACTION', request: { stepName: plainAt().name } } },
      { label: 'SET_SKIP_ACTION', kind: 'operation', operation: { type: 'SET_SKIP_ACTION', request: { names: [anyAt().name], skip: true } } },
    ];
    const moved = plainAt();
    const target = pick(targets.any);
    if (target.name !== moved.name) {
      entries.push({
        label: 'MOVE_ACTION',
        kind: 'operation',
        operation: { type: 'MOVE_ACTION', request: { name: moved.name, newParentStep: target.name, stepLocationRelativeToNewParent: 'AFTER' } },
      });
    }
    if (targets.routers.length > 0) {
      const router = pick(targets.routers).name;
      entries.push(
        { label: 'ADD_BRANCH', kind: 'operation', operation: { type: 'ADD_BRANCH', request: { stepName: router, branchIndex: 0, branchName: 'Added' } } },
        { label: 'DUPLICATE_BRANCH', kind: 'operation', operation: { type: 'DUPLICATE_BRANCH', request: { stepName: router, branchIndex: 0 } } },
        { label: 'DELETE_BRANCH', kind: 'operation', operation: { type: 'DELETE_BRANCH', request: { stepName: router, branchIndex: 0 } } },
      );
    }
    entries.push({ label: 'undo', kind: 'undo' }, { label: 'redo', kind: 'redo' });
    return entries;
  };
}
