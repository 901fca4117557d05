import { describe, expect, it } from '@rstest/core';
import {
  applyOperation,
  checkStructure,
  createAction,
  createEmptyVersion,
  FlowOperationError,
  fromStoredVersion,
  fromStoredVersionAsSent,
  fromStoredVersionComparing,
  parseStoredContent,
  runSchema,
  RUN_STATUSES,
  runStatusVariant,
  STEP_RUN_STATUSES,
  stepsInOrder,
  toStoredVersion,
  type FlatVersion,
  type FlowOperation,
  type StoredFlowVersion,
} from '../../src/domain/index.ts';

/** trigger → step_1 → step_2 (router: [step_3], [empty]) → step_4 (loop: step_5); the trigger, step_2 and step_4 incomplete. */
function storedFlow(): FlatVersion {
  let v = createEmptyVersion({ id: 'v1', flowId: 'f1', displayName: 'Stored' });
  const ops: FlowOperation[] = [
    { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: createAction('CODE', 'step_1') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_1', action: createAction('ROUTER', 'step_2') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_2', stepLocationRelativeToParent: 'INSIDE_BRANCH', branchIndex: 0, action: createAction('CODE', 'step_3') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_2', action: createAction('LOOP_ON_ITEMS', 'step_4') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_4', stepLocationRelativeToParent: 'INSIDE_LOOP', action: createAction('CODE', 'step_5') } },
  ];
  for (const op of ops) v = applyOperation(v, op);
  return v;
}

const viaJson = (stored: StoredFlowVersion): unknown => JSON.parse(JSON.stringify(stored));

function validationError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FlowOperationError);
    expect((error as FlowOperationError).code).toBe('VALIDATION');
    return (error as FlowOperationError).message;
  }
  throw new Error('expected VALIDATION');
}

describe('the stored form', () => {
  it('is flat and compact: present steps only, no parents, no counters', () => {
    const v = applyOperation(storedFlow(), { type: 'DELETE_ACTION', request: { names: ['step_3'] } });
    const stored = toStoredVersion(v);
    expect(stored.steps.map((s) => s.name)).toEqual(['step_1', 'step_2', 'step_4', 'step_5']);
    expect(stored.steps.every((s) => !('parent' in s))).toBe(true);
    expect('invalidCount' in stored).toBe(false);
    expect(stored.steps[1]).toMatchObject({ name: 'step_2', next: 'step_4', children: [null, null] });
    expect(stored).toMatchObject({ id: 'v1', flowId: 'f1', state: 'DRAFT', valid: false, trigger: { next: 'step_1' } });
  });

  it('reads back to the same version, through JSON', () => {
    const v = storedFlow();
    expect(fromStoredVersion(viaJson(toStoredVersion(v)))).toStrictEqual(v);
  });

  it('builds the same version unchecked from JSON the check leaves as it is, and says when the check changes it', () => {
    const json = viaJson(toStoredVersion(storedFlow()));
    const compared = fromStoredVersionComparing(json);
    expect(compared.asSent).toBe(true);
    expect(fromStoredVersionAsSent(viaJson(toStoredVersion(storedFlow())))).toStrictEqual(compared.version);
    // Each way zod's reading can differ from the JSON read: a key dropped, a default filled in, a value turned.
    const changes: Array<(stored: StoredFlowVersion) => void> = [
      (stored) => Object.assign(stored.steps[0]!, { note: 'not a step field' }),
      (stored) => delete (stored.steps[1]!.settings as { executionType?: string }).executionType,
      (stored) => delete (stored.steps[0]!.settings as { input?: unknown }).input,
      (stored) => delete (stored as { schemaVersion?: unknown }).schemaVersion,
      (stored) => Object.assign(stored.trigger, { settings: null }),
      (stored) => delete (stored.steps[2] as { valid?: boolean }).valid,
    ];
    for (const change of changes) {
      const changed = viaJson(toStoredVersion(storedFlow())) as StoredFlowVersion;
      change(changed);
      const checked = fromStoredVersionComparing(viaJson(changed));
      expect(checked.asSent).toBe(false);
      expect(checked.version).toStrictEqual(fromStoredVersion(viaJson(changed)));
    }
    // Settings past the depth bound are refused on either path, as a copy would refuse them.
    const deep = viaJson(toStoredVersion(storedFlow())) as StoredFlowVersion;
    let nested: Record<string, unknown> = {};
    (deep.steps[0]!.settings as { input: unknown }).input = nested;
    for (let i = 0; i < 150; i++) nested = (nested.inner = {}) as Record<string, unknown>;
    expect(validationError(() => fromStoredVersionComparing(viaJson(deep)))).toMatch(/deeper than 100 levels/);
    expect(validationError(() => fromStoredVersionAsSent(viaJson(deep)))).toMatch(/deeper than 100 levels/);
    // Unchecked, a broken form may fail in any way, but it does fail rather than build a broken version.
    expect(() => fromStoredVersionAsSent('not a version')).toThrow();
    expect(() => fromStoredVersionAsSent({ ...(viaJson(toStoredVersion(storedFlow())) as object), steps: [{ name: 'x' }] })).toThrow();
  });

  it('keeps names across holes and drops trailing holes', () => {
    const v = applyOperation(storedFlow(), { type: 'DELETE_ACTION', request: { names: ['step_5', 'step_1'] } });
    const back = fromStoredVersion(viaJson(toStoredVersion(v)));
    checkStructure(back);
    expect(stepsInOrder(back).map((s) => s.name)).toEqual(['step_2', 'step_3', 'step_4']);
    expect(back.steps).toHaveLength(5);
    expect(back.steps[1]).toBeNull();
  });

  it('judges every step and the trigger instead of trusting the stored flags', () => {
    const lying = viaJson(toStoredVersion(storedFlow())) as StoredFlowVersion;
    lying.valid = true;
    lying.trigger.valid = true;
    for (const step of lying.steps) step.valid = true;
    const read = fromStoredVersion(lying);
    expect(read).toMatchObject({ valid: false, invalidCount: 3, trigger: { valid: false } });
    expect(read.steps.filter((step) => step && !step.valid).map((step) => step!.name)).toEqual(['step_2', 'step_4']);
    const modest = viaJson(toStoredVersion(storedFlow())) as StoredFlowVersion;
    for (const step of modest.steps) step.valid = false;
    expect(fromStoredVersion(modest).steps.filter((step) => step?.valid).map((step) => step!.name)).toEqual(['step_1', 'step_3', 'step_5']);
  });

  it('stores a 10,000-step chain as plain JSON and reads it back', () => {
    let v = createEmptyVersion();
    const steps: FlatVersion['steps'] = [null];
    for (let n = 1; n <= 10_000; n++) {
      steps.push({
        name: `step_${n}`,
        type: 'CODE',
        displayName: `S${n}`,
        valid: true,
        settings: { input: {}, sourceCode: { code: 'return 1', packageJson: '{}' } },
        next: n < 10_000 ? `step_${n + 1}` : null,
        parent: n === 1 ? { step: 'trigger', slot: 'next' } : { step: `step_${n - 1}`, slot: 'next' },
      });
    }
    v = { ...v, steps, trigger: { ...v.trigger, next: 'step_1' } };
    checkStructure(v);
    const back = fromStoredVersion(JSON.parse(JSON.stringify(toStoredVersion(v))));
    expect(back).toStrictEqual(v);
  });

  describe('refuses a broken stored form (VALIDATION)', () => {
    const mutate = (change: (stored: StoredFlowVersion) => void) => {
      const stored = viaJson(toStoredVersion(storedFlow())) as StoredFlowVersion;
      change(stored);
      return () => fromStoredVersion(stored);
    };

    it.each<[string, (stored: StoredFlowVersion) => void]>([
      ['a link to a missing step', (s) => (s.steps[0]!.next = 'step_40')],
      ['a step linked twice', (s) => (s.steps[4]!.next = 'step_4')],
      ['a cycle', (s) => (s.steps[3]!.next = 'step_1')],
      ['an unreachable step', (s) => (s.trigger.next = 'step_2')],
      ['two steps with one name', (s) => (s.steps[2]!.name = 'step_1')],
      ['a name that is not step_N', (s) => (s.steps[0]!.name = 'fetch')],
      ['router children not matching branches', (s) => (s.steps[1] as { children: unknown[] }).children.push(null)],
      ['a step of unknown type', (s) => ((s.steps[0] as { type: string }).type = 'BRANCH')],
      ['a missing trigger', (s) => delete (s as Partial<StoredFlowVersion>).trigger],
    ])('%s', (_label, change) => {
      expect(validationError(mutate(change)).length).toBeGreaterThan(10);
    });

    it('and stored content for a draft', () => {
      validationError(() => parseStoredContent({ displayName: 'x', trigger: {}, steps: [] }));
    });
  });
});

describe('checkStructure', () => {
  const broken = (change: (v: FlatVersion) => void): FlatVersion => {
    const v = structuredClone(storedFlow());
    change(v);
    return v;
  };

  it.each<[string, (v: FlatVersion) => void, string]>([
    ['a wrong parent', (v) => (v.steps[3]!.parent = { step: 'step_2', slot: 1 }), 'parent'],
    ['a wrong invalid count', (v) => (v.invalidCount = 0), 'invalidCount'],
    ['a valid flag that lies', (v) => (v.valid = true), 'valid'],
    ['a step in the wrong slot', (v) => (v.steps[1]!.name = 'step_9'), 'holds'],
    ['a hole that is not null', (v) => (v.steps[3] = undefined as never), 'hole'],
    ['an unreachable step', (v) => Object.assign(v.steps[4]!, { firstLoopStep: null }), 'reached'],
    ['a loop link on a code step', (v) => Object.assign(v.steps[1]!, { firstLoopStep: null }), 'loop link'],
  ])('catches %s', (_label, change, words) => {
    expect(validationError(() => checkStructure(broken(change)))).toContain(words);
  });
});

describe('runs', () => {
  it('know the statuses of SPEC §4', () => {
    expect(RUN_STATUSES).toHaveLength(9);
    expect(STEP_RUN_STATUSES).toEqual(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'SKIPPED', 'CANCELLED']);
  });

  it('show STOPPED and SUCCEEDED as success, PAUSED and RUNNING as neutral, other end states as errors', () => {
    const variants = Object.fromEntries(RUN_STATUSES.map((s) => [s, runStatusVariant(s)]));
    expect(variants).toEqual({
      FAILED: 'error',
      QUOTA_EXCEEDED: 'error',
      INTERNAL_ERROR: 'error',
      PAUSED: 'neutral',
      RUNNING: 'neutral',
      STOPPED: 'success',
      SUCCEEDED: 'success',
      MEMORY_LIMIT_EXCEEDED: 'error',
      TIMEOUT: 'error',
    });
  });

  it('parse a run with its steps, keeping extra fields', () => {
    const run = runSchema.parse({ status: 'FAILED', steps: [{ step_name: 'step_1', status: 'FAILED', duration: 12 }], id: 'r1' });
    expect(run).toEqual({ status: 'FAILED', steps: [{ step_name: 'step_1', status: 'FAILED', duration: 12 }], id: 'r1' });
    expect(runSchema.safeParse({ status: 'DONE', steps: [] }).success).toBe(false);
  });
});
