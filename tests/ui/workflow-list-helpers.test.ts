/**
 * Issue 17's screen helpers, without a browser: a diff value's one-line preview (bounded, also for a
 * value nested deeper than JSON.stringify survives), where a step sits in words, the list's trigger
 * label, and the bulk bar's one toast for an answer.
 */
import { describe, expect, it } from '@rstest/core';
import { describePlace, previewValue } from '../../src/ui/screens/editor/panels/diff-text.ts';
import { triggerLabel } from '../../src/ui/screens/workflows/workflow-columns.tsx';
import { bulkOutcomeMessage } from '../../src/ui/screens/workflows/workflow-bulk-bar.tsx';

describe('previewValue', () => {
  it('quotes strings, prints scalars and compact JSON, and says when a side is absent', () => {
    expect(previewValue('a "b"')).toBe('"a \\"b\\""');
    expect(previewValue(3)).toBe('3');
    expect(previewValue(false)).toBe('false');
    expect(previewValue(null)).toBe('null');
    expect(previewValue(undefined)).toBe('(none)');
    expect(previewValue({ a: [1, 'x'], b: {} })).toBe('{"a":[1,"x"],"b":{}}');
  });

  it('stops at one line, also inside a value 50,000 levels deep', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 50_000; i++) deep = { d: deep };
    const text = previewValue(deep);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(161);
    expect(previewValue('x'.repeat(500)).length).toBe(161);
  });
});

describe('describePlace', () => {
  const nameOf = (step: string) => `“${step.toUpperCase()}”`;
  it('names the chain and the step before', () => {
    expect(describePlace({ chain: { kind: 'top' }, after: null }, nameOf)).toBe('first in the main chain');
    expect(describePlace({ chain: { kind: 'loop', step: 'step_2' }, after: 'step_3' }, nameOf)).toBe('after “STEP_3” in the loop “STEP_2”');
    expect(describePlace({ chain: { kind: 'branch', step: 'step_4', branch: 1 }, after: null }, nameOf)).toBe('first in branch 2 of “STEP_4”');
  });
});

describe('triggerLabel', () => {
  it("reads the piece's name", () => {
    expect(triggerLabel({ type: 'PIECE_TRIGGER', pieceName: '@activepieces/piece-schedule', triggerName: 'every_day' })).toBe('Schedule');
    expect(triggerLabel({ type: 'PIECE_TRIGGER', pieceName: '@flowsmith/piece-manual', triggerName: 'manual' })).toBe('Manual');
    expect(triggerLabel({ type: 'EMPTY', pieceName: null, triggerName: null })).toBe('None');
    expect(triggerLabel(null)).toBe('None');
  });
});

describe('bulkOutcomeMessage', () => {
  const names = new Map([
    ['a', 'Alpha'],
    ['b', 'Bravo'],
    ['c', 'Charlie'],
  ]);
  it('says all, some (with the first reason) or none', () => {
    expect(bulkOutcomeMessage('DISABLE', { succeeded: ['a', 'b'], failed: [] }, names)).toEqual({ tone: 'success', text: 'Disabled 2 workflows' });
    expect(bulkOutcomeMessage('DELETE', { succeeded: ['a'], failed: [] }, names)).toEqual({ tone: 'success', text: 'Deleted 1 workflow' });
    const reason = 'Publish a version with a valid trigger before enabling this workflow';
    expect(bulkOutcomeMessage('ENABLE', { succeeded: ['a'], failed: [{ id: 'b', code: 'TRIGGER_ENABLE', message: reason }, { id: 'c', code: 'TRIGGER_ENABLE', message: reason }] }, names)).toEqual({
      tone: 'warning',
      text: `Enabled 1 of 3 workflows. Not enabled: “Bravo”: ${reason} (and 1 more)`,
    });
    expect(bulkOutcomeMessage('MOVE', { succeeded: [], failed: [{ id: 'x', code: 'FLOW_NOT_FOUND', message: 'Workflow not found' }] }, names)).toEqual({
      tone: 'error',
      text: 'Could not move 1 workflow. “A workflow”: Workflow not found',
    });
  });
});
