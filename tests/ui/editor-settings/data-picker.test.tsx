/**
 * The data picker in the real settings panel: it lists the trigger and the steps before the selected one
 * (never the step itself or later ones), draws their samples as a lazy tree, filters by path, and
 * inserts the chosen reference at the field's caret through the field's normal change path.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { fromNestedFlow, type FlatVersion } from '../../../src/domain/index.ts';
import { runKeys, type StepSamples } from '../../../src/api/runs-api.ts';
import { click, PanelHarness, press, type } from './harness.tsx';

type Json = Record<string, unknown>;

const code = (name: string, displayName: string, input: Json, next?: Json): Json => ({
  name,
  type: 'CODE',
  displayName,
  valid: true,
  settings: { input, sourceCode: { code: 'export const code = async () => 1', packageJson: '{}' } },
  ...(next ? { nextAction: next } : {}),
});

// trigger → step_1 Sum → step_2 Loop { step_3 Inner → step_4 Deep } → step_5 Tail (a loop: a TextControl)
const version: FlatVersion = fromNestedFlow(
  {
    displayName: 'Picker',
    trigger: {
      name: 'trigger',
      type: 'EMPTY',
      displayName: 'Start',
      valid: true,
      settings: {},
      nextAction: code('step_1', 'Sum', {}, {
        name: 'step_2',
        type: 'LOOP_ON_ITEMS',
        displayName: 'Each item',
        valid: true,
        settings: { items: '{{step_1.items}}' },
        firstLoopAction: code('step_3', 'Inner', {}, code('step_4', 'Deep', { x: '' })),
        nextAction: { name: 'step_5', type: 'LOOP_ON_ITEMS', displayName: 'Tail', valid: true, settings: { items: 'ab' } },
      }),
    },
  },
  { id: 'v1', flowId: 'f1' },
);

const sample = (output: unknown) => ({ status: 'SUCCEEDED' as const, output, error: null, testedAt: '2026-01-01T00:00:00.000Z' });
const samples: StepSamples = {
  trigger: sample({ body: { name: 'Ada', 'first name': 'Ada' } }),
  step_1: sample({ sum: 3, items: [{ id: 7 }, { id: 8 }], big: Array.from({ length: 250 }, (_, i) => i) }),
  // step_4's own sample must never be offered to step_4.
  step_4: sample({ secret: true }),
};

let panel: PanelHarness;
afterEach(async () => panel.unmount());

async function open(stepName: string) {
  panel = new PanelHarness(version, stepName);
  panel.queries.setQueryData(runKeys.samples('f1'), samples);
  panel.queries.setQueryDefaults(runKeys.samples('f1'), { staleTime: Infinity });
  return panel.render();
}

const picker = () => document.querySelector<HTMLElement>('[role="dialog"].data-picker');
const items = () => Array.from(picker()?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []);
const item = (text: string) => {
  const found = items().filter((li) => li.querySelector('.data-row-title, .data-row-key')?.textContent === text);
  if (found.length !== 1) throw new Error(`${found.length} rows '${text}': ${items().map((li) => li.textContent).join(' | ')}`);
  return found[0]!;
};
const topLevel = () => items().filter((li) => li.getAttribute('aria-level') === '1').map((li) => li.querySelector('.data-row-detail')?.textContent);

describe('the data picker', () => {
  it('opens from the field’s Insert data button and lists only the trigger and the steps before the step', async () => {
    await open('step_4');
    const button = panel.button('Insert data into Value of input 1');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await click(button);
    expect(picker()?.getAttribute('aria-label')).toBe('Insert data into Value of input 1');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Search data by path');
    // Inside the loop: the loop itself and what ran before, not step_4 or the later step_5.
    expect(topLevel()).toEqual(['trigger', 'step_1', 'step_2', 'step_3']);
    expect(item('Inner').textContent).toContain('No sample data — use Test step on it first');
    expect(picker()?.textContent).not.toContain('secret');
  });

  it('draws a sample as a tree that opens lazily, with a …N more line past 200 children', async () => {
    await open('step_4');
    await click(panel.button('Insert data into Value of input 1'));
    expect(items().some((li) => li.textContent?.includes('sum'))).toBe(false);
    const sum = item('Sum');
    expect(sum.getAttribute('aria-expanded')).toBe('false');
    await press(sum, 'ArrowRight');
    expect(sum.getAttribute('aria-expanded')).toBe('true');
    expect(item('sum').textContent).toContain('3');
    expect(item('items').textContent).toContain('2 items');
    await click(item('big').querySelector<HTMLElement>('.data-row-toggle')!);
    const big = items().filter((li) => li.getAttribute('aria-level') === '3');
    expect(big).toHaveLength(201);
    expect(big.at(-1)?.textContent).toBe('…50 more — search to find them');
    // The loop around the step offers its item (shaped like the first of step_1.items) and index.
    await press(item('Each item'), 'ArrowRight');
    await press(item('item'), 'ArrowRight');
    expect(item('id').getAttribute('title')).toBe('Insert {{step_2.item.id}}');
    expect(item('index').getAttribute('title')).toBe('Insert {{step_2.index}}');
    // A key the engine can not read in a path is shown, but offers nothing.
    await press(item('Start'), 'ArrowRight');
    await press(item('body'), 'ArrowRight');
    expect(item('first name').getAttribute('aria-disabled')).toBe('true');
    expect(item('name').getAttribute('title')).toBe('Insert {{trigger.body.name}}');
  });

  it('filters by path as the search is typed', async () => {
    await open('step_4');
    await click(panel.button('Insert data into Value of input 1'));
    const search = document.activeElement as HTMLInputElement;
    await type(search, 'id');
    expect(items().map((li) => li.querySelector('.data-row-key')?.textContent)).toEqual(['step_1.items[0].id', 'step_1.items[1].id', 'step_2.item.id']);
    await type(search, 'items[1]');
    expect(items().map((li) => li.querySelector('.data-row-key')?.textContent)).toEqual(['step_1.items[1]', 'step_1.items[1].id']);
    await type(search, 'nothing like it');
    expect(items()).toHaveLength(0);
    expect(picker()?.textContent).toContain('No data matches “nothing like it”');
  });

  it('inserts the chosen reference at the caret of a text field, as typing, and gives the field its focus back', async () => {
    await open('step_5');
    const field = panel.control('Items');
    expect(field.value).toBe('ab');
    field.focus();
    field.setSelectionRange(1, 1);
    await click(panel.button('Insert data into Items'));
    // After the loop, it offers the loop's items and index, not its item.
    expect(topLevel()).toEqual(['trigger', 'step_1', 'step_2']);
    await press(item('Sum'), 'ArrowRight');
    await click(item('sum'));
    expect(picker()).toBeNull();
    expect(field.value).toBe('a{{step_1.sum}}b');
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(15);
    expect(panel.sent.at(-1)).toEqual({
      operation: { type: 'UPDATE_ACTION', request: expect.objectContaining({ name: 'step_5', settings: { items: 'a{{step_1.sum}}b' } }) },
      options: { groupKey: 'update:step_5:settings.items' },
    });
    expect(panel.version.steps[5]?.settings).toEqual({ items: 'a{{step_1.sum}}b' });
  });

  it('works from the keyboard: arrows into the tree, Enter inserts over the selection, Escape closes and refocuses', async () => {
    await open('step_4');
    const value = panel.control('Value of input 1');
    await type(value, 'n=');
    value.setSelectionRange(2, 2);
    await click(panel.button('Insert data into Value of input 1'));
    await press(document.activeElement as HTMLElement, 'Escape');
    expect(picker()).toBeNull();
    expect(document.activeElement).toBe(value);
    expect(panel.closed).toBe(0); // Escape closed the picker, not the panel

    await click(panel.button('Insert data into Value of input 1'));
    await press(document.activeElement as HTMLElement, 'ArrowDown');
    expect(document.activeElement).toBe(item('Start'));
    await press(document.activeElement as HTMLElement, 'ArrowDown');
    expect(document.activeElement).toBe(item('Sum'));
    await press(document.activeElement as HTMLElement, 'ArrowRight');
    await press(document.activeElement as HTMLElement, 'ArrowRight'); // into the first child
    expect(document.activeElement).toBe(item('sum'));
    await press(document.activeElement as HTMLElement, 'Enter');
    expect(picker()).toBeNull();
    expect(value.value).toBe('n={{step_1.sum}}');
    expect(panel.version.steps[4]?.settings).toMatchObject({ input: { x: 'n={{step_1.sum}}' } });
  });

  it('is not offered for the trigger or on a read-only version', async () => {
    await open('trigger');
    expect(panel.container.querySelector('.data-field-button')).toBeNull();
    await panel.unmount();
    panel = new PanelHarness(version, 'step_5', true);
    await panel.render();
    expect(panel.container.querySelector('.data-field-button')).toBeNull();
    await act(async () => undefined);
  });
});
