import { describe, expect, test } from '@rstest/core';
import { frozenVersion, LockedVersions } from '../../server/workflows/locked-versions.ts';
import type { FlatVersion } from '../../src/domain/index.ts';

describe('locked versions kept by a process', () => {
  test('keeps at most its limit, dropping the least recently used', () => {
    const kept = new LockedVersions<string>(2);
    kept.keep('a', 'A');
    kept.keep('b', 'B');
    expect(kept.get('a')).toBe('A'); // a is now the most recently used
    kept.keep('c', 'C');
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe('A');
    expect(kept.get('c')).toBe('C');
  });

  test('a kept version is frozen to its leaves, so no run can change what another run reads', () => {
    const version = {
      id: 'v',
      flowId: 'f',
      displayName: 'Flow',
      state: 'LOCKED',
      valid: true,
      schemaVersion: null,
      invalidCount: 0,
      trigger: { name: 'trigger', displayName: 'Trigger', valid: true, next: 'step_1', type: 'EMPTY', settings: {} },
      steps: [null, { name: 'step_1', type: 'CODE', settings: { input: { list: [1, 2] } } }],
    } as unknown as FlatVersion;
    const shared = frozenVersion(version);
    const step = shared.steps[1] as unknown as { settings: { input: { list: number[] } } };
    expect(() => step.settings.input.list.push(3)).toThrow(TypeError);
    expect(() => {
      (shared as { displayName: string }).displayName = 'Changed';
    }).toThrow(TypeError);
    expect(step.settings.input.list).toEqual([1, 2]);
  });
});
