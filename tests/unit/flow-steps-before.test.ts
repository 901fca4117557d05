/** stepsBefore: what a step can read (the data picker's list), walked up the parent pointers. */
import { describe, expect, it } from '@rstest/core';
import { enclosingLoops, fromNestedFlow, stepsBefore, type FlatVersion } from '../../src/domain/index.ts';
import { chainFlow, type Json } from './support/nested-flows.ts';

const code = (name: string, next?: Json): Json => ({
  name,
  type: 'CODE',
  displayName: name,
  valid: true,
  settings: { input: {}, sourceCode: { code: '', packageJson: '{}' } },
  ...(next ? { nextAction: next } : {}),
});

const loop = (name: string, body: Json | undefined, next?: Json): Json => ({
  name,
  type: 'LOOP_ON_ITEMS',
  displayName: name,
  valid: true,
  settings: { items: '{{trigger.items}}' },
  ...(body ? { firstLoopAction: body } : {}),
  ...(next ? { nextAction: next } : {}),
});

const router = (name: string, children: (Json | null)[], next?: Json): Json => ({
  name,
  type: 'ROUTER',
  displayName: name,
  valid: true,
  settings: {
    executionType: 'EXECUTE_FIRST_MATCH',
    branches: children.map((_, i) =>
      i === children.length - 1
        ? { branchName: 'Otherwise', branchType: 'FALLBACK' }
        : { branchName: `Branch ${i + 1}`, branchType: 'CONDITION', conditions: [[{ firstValue: '', operator: 'TEXT_CONTAINS', secondValue: '', caseSensitive: false }]] },
    ),
  },
  children,
  ...(next ? { nextAction: next } : {}),
});

const flow = (first: Json): FlatVersion =>
  fromNestedFlow({ displayName: 'F', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Start', valid: true, settings: {}, nextAction: first } });

const names = (version: FlatVersion, step: string) => stepsBefore(version, step).map((s) => (s.encloses ? `${s.name}:${s.encloses}` : s.name));

describe('stepsBefore', () => {
  it('walks a chain back to the trigger, in flow order, without the step itself or anything after it', () => {
    const version = flow(code('step_1', code('step_2', code('step_3', code('step_4')))));
    expect(names(version, 'step_3')).toEqual(['trigger', 'step_1', 'step_2']);
    expect(names(version, 'step_1')).toEqual(['trigger']);
    expect(stepsBefore(version, 'step_3').every((s) => s.encloses === null)).toBe(true);
  });

  it('answers nothing for the trigger or a step that does not exist', () => {
    const version = flow(code('step_1'));
    expect(stepsBefore(version, 'trigger')).toEqual([]);
    expect(stepsBefore(version, 'step_9')).toEqual([]);
    expect(stepsBefore(version, 'nonsense')).toEqual([]);
  });

  it('inside a loop body: the steps before it in the body, the loop (as enclosing) and what precedes the loop', () => {
    const version = flow(code('step_1', loop('step_2', code('step_3', code('step_4')), code('step_5'))));
    expect(names(version, 'step_4')).toEqual(['trigger', 'step_1', 'step_2:loop', 'step_3']);
    expect(names(version, 'step_3')).toEqual(['trigger', 'step_1', 'step_2:loop']);
    // After the loop, the loop has finished; its body is not offered.
    expect(names(version, 'step_5')).toEqual(['trigger', 'step_1', 'step_2']);
    expect(enclosingLoops(version, 'step_4')).toEqual(['step_2']);
    expect(enclosingLoops(version, 'step_5')).toEqual([]);
  });

  it('inside a router branch: the router (as enclosing) and what precedes it, not the other branches', () => {
    const version = flow(code('step_1', router('step_2', [code('step_3', code('step_4')), code('step_5')], code('step_6'))));
    expect(names(version, 'step_4')).toEqual(['trigger', 'step_1', 'step_2:branch', 'step_3']);
    expect(names(version, 'step_5')).toEqual(['trigger', 'step_1', 'step_2:branch']);
    expect(names(version, 'step_6')).toEqual(['trigger', 'step_1', 'step_2']);
  });

  it('nested: a loop inside a router branch inside a loop', () => {
    const inner = loop('step_4', code('step_5', code('step_6')));
    const version = flow(loop('step_1', code('step_2', router('step_3', [inner, null])), code('step_7')));
    expect(names(version, 'step_6')).toEqual(['trigger', 'step_1:loop', 'step_2', 'step_3:branch', 'step_4:loop', 'step_5']);
    expect(enclosingLoops(version, 'step_6')).toEqual(['step_4', 'step_1']);
    expect(names(version, 'step_7')).toEqual(['trigger', 'step_1']);
  });

  it('walks a 5,000-step chain without recursing', () => {
    const version = fromNestedFlow(chainFlow(5_000));
    const before = stepsBefore(version, 'step_5000');
    expect(before).toHaveLength(5_000);
    expect(before[0]?.name).toBe('trigger');
    expect(before.at(-1)?.name).toBe('step_4999');
  });
});
