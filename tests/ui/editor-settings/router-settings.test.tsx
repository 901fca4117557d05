/** Router settings: execution type, condition rows per SPEC §5, and the branch operations. */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { CONDITION_OPERATORS, type RouterSettings } from '../../../src/domain/index.ts';
import { applyTo, blur, choose, click, PanelHarness, type, versionWith } from './harness.tsx';

let panel: PanelHarness;
beforeEach(async () => {
  panel = new PanelHarness(versionWith({ type: 'ROUTER' }), 'step_1');
  await panel.render();
});
afterEach(async () => panel.unmount());

const branch1 = () => panel.section('Branch 1');
const settings = () => panel.lastRequest.settings as RouterSettings;
const firstRow = () => {
  const branch = settings().branches[0]!;
  if (branch.branchType !== 'CONDITION') throw new Error('not a condition branch');
  return branch.conditions[0]![0]!;
};

describe('execution type', () => {
  it('offers first match (the default) and all matches', async () => {
    const radios = Array.from(panel.container.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['EXECUTE_FIRST_MATCH', true],
      ['EXECUTE_ALL_MATCH', false],
    ]);
    expect(panel.container.textContent).toContain('Execute first match');
    expect(panel.container.textContent).toContain('Execute all matches');
    await click(radios[1]!);
    expect(settings().executionType).toBe('EXECUTE_ALL_MATCH');
    expect(panel.sent.at(-1)?.options).toEqual({ groupKey: null });
  });

  it('keeps the chosen type while the answer lags, and shows the version’s again after an undo', async () => {
    const before = panel.version;
    panel.holdUpdates = true;
    const radios = () => Array.from(panel.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')).map((r) => r.checked);
    await click(panel.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!);
    expect(radios()).toEqual([false, true]);
    await panel.flush();
    expect(settings().executionType).toBe('EXECUTE_ALL_MATCH');
    expect(radios()).toEqual([false, true]);
    await panel.show(before);
    expect(radios()).toEqual([true, false]);
  });
});

describe('condition rows', () => {
  it('offer every operator, grouped, in SPEC words', () => {
    const select = panel.control<HTMLSelectElement>('Operator', branch1());
    expect(Array.from(select.querySelectorAll('optgroup')).map((g) => g.label)).toEqual(['Text', 'Number', 'Boolean', 'Date', 'List', 'Exists']);
    expect(Array.from(select.options).map((o) => o.value).sort()).toEqual([...CONDITION_OPERATORS].sort());
    expect(select.value).toBe('TEXT_CONTAINS');
  });

  it('hide the second value for operators without one, and drop the value it had', async () => {
    await type(panel.control('Second value', branch1()), 'paid');
    await choose(panel.control<HTMLSelectElement>('Operator', branch1()), 'EXISTS');
    expect(panel.hasControl('Second value', branch1())).toBe(false);
    expect(firstRow()).toEqual({ firstValue: '', secondValue: '', operator: 'EXISTS', caseSensitive: false });
    for (const operator of ['BOOLEAN_IS_TRUE', 'LIST_IS_EMPTY', 'DOES_NOT_EXIST']) {
      await choose(panel.control<HTMLSelectElement>('Operator', branch1()), operator);
      expect(panel.hasControl('Second value', branch1())).toBe(false);
    }
    await choose(panel.control<HTMLSelectElement>('Operator', branch1()), 'DATE_IS_AFTER');
    expect(panel.hasControl('Second value', branch1())).toBe(true);
  });

  it('show Case sensitive only for text operators and list contains / does not contain', async () => {
    const shown = async (operator: string) => {
      await choose(panel.control<HTMLSelectElement>('Operator', branch1()), operator);
      return panel.hasControl('Case sensitive', branch1());
    };
    expect(await shown('TEXT_ENDS_WITH')).toBe(true);
    expect(await shown('LIST_CONTAINS')).toBe(true);
    expect(await shown('NUMBER_IS_GREATER_THAN')).toBe(false);
    expect(await shown('LIST_IS_NOT_EMPTY')).toBe(false);
    expect(await shown('DATE_IS_BEFORE')).toBe(false);
    expect(await shown('TEXT_CONTAINS')).toBe(true);
    await click(panel.control('Case sensitive', branch1()));
    expect(firstRow().caseSensitive).toBe(true);
  });

  it('make the router valid only when every row has its values', async () => {
    await type(panel.control('First value', branch1()), '{{trigger.status}}');
    expect(panel.judged).toBe(false);
    expect(panel.sent.at(-1)?.options).toEqual({ groupKey: 'update:step_1:settings.branches.0.conditions.0.0.firstValue' });
    await type(panel.control('Second value', branch1()), 'paid');
    expect(panel.judged).toBe(true);
    await click(panel.button('And', branch1()));
    expect(panel.judged).toBe(false);
    const group = branch1().querySelector('[role="group"]')!;
    expect(group.querySelectorAll('li')).toHaveLength(2);
    await choose(group.querySelectorAll('select')[1]!, 'BOOLEAN_IS_TRUE');
    const firstValues = group.querySelectorAll<HTMLInputElement>('input[type="text"]');
    await type(firstValues[2]!, '{{trigger.ok}}');
    expect(panel.judged).toBe(true);
    expect(panel.version.steps[1]?.valid).toBe(true);
  });

  it('add groups with Or and remove rows (never the branch’s last)', async () => {
    expect(panel.button('Remove condition', branch1()).disabled).toBe(true);
    await click(panel.button('Or', branch1()));
    const branch = settings().branches[0]!;
    expect(branch.branchType === 'CONDITION' && branch.conditions.map((g) => g.length)).toEqual([1, 1]);
    expect(branch1().querySelectorAll('[role="group"]')).toHaveLength(2);
    const removes = Array.from(branch1().querySelectorAll<HTMLButtonElement>('button[aria-label="Remove condition"]'));
    await click(removes[0]!);
    const after = settings().branches[0]!;
    expect(after.branchType === 'CONDITION' && after.conditions.map((g) => g.length)).toEqual([1]);
  });
});

describe('branches', () => {
  it('show the fallback as Otherwise, without delete or duplicate', () => {
    const otherwise = panel.section('Otherwise');
    expect(otherwise.textContent).toContain('Runs when no other branch matches');
    expect(otherwise.querySelectorAll('button')).toHaveLength(0);
    expect(panel.hasControl('Operator', otherwise)).toBe(false);
  });

  it('add a branch before the fallback with ADD_BRANCH', async () => {
    await click(panel.button('Add branch'));
    expect(panel.sent.at(-1)?.operation).toEqual({ type: 'ADD_BRANCH', request: { stepName: 'step_1', branchIndex: 1, branchName: 'Branch 2' } });
    expect(panel.section('Branch 2')).toBeDefined();
    await click(panel.button('Add branch'));
    expect(panel.lastRequest).toEqual({ stepName: 'step_1', branchIndex: 2, branchName: 'Branch 3' });
  });

  it('offer delete only while another condition branch remains', async () => {
    expect(() => panel.button('Delete branch', branch1())).toThrow();
    await click(panel.button('Add branch'));
    await click(panel.button('Delete branch', panel.section('Branch 2')));
    expect(panel.sent.at(-1)?.operation).toEqual({ type: 'DELETE_BRANCH', request: { stepName: 'step_1', branchIndex: 1 } });
  });

  it('duplicate a branch with DUPLICATE_BRANCH', async () => {
    await click(panel.button('Duplicate branch', branch1()));
    expect(panel.sent.at(-1)?.operation).toEqual({ type: 'DUPLICATE_BRANCH', request: { stepName: 'step_1', branchIndex: 0 } });
    expect(panel.section('Branch 1 Copy')).toBeDefined();
  });

  it('rename a branch in one undo group per field', async () => {
    const name = panel.control('Branch name', branch1());
    await type(name, 'Paid');
    expect(settings().branches[0]!.branchName).toBe('Paid');
    expect(panel.sent.at(-1)?.options).toEqual({ groupKey: 'update:step_1:settings.branches.0.branchName' });
    await blur(name);
    expect(panel.breaks).toBe(1);
  });

  it('show a row changed by undo', async () => {
    const before = panel.version;
    await type(panel.control('First value', branch1()), '{{a}}');
    await panel.show(before);
    expect(panel.control('First value', branch1()).value).toBe('');
    await panel.show(applyTo(before, { type: 'ADD_BRANCH', request: { stepName: 'step_1', branchIndex: 1, branchName: 'Refunds' } }));
    expect(panel.section('Refunds')).toBeDefined();
  });
});
