/** The step picker: search, keyboard, sections, and the ADD_ACTION a choice becomes. */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Code, Globe, Repeat, Split, Zap } from 'lucide-react';
import { createEmptyVersion, findStep, type FlatStep } from '../../../src/domain/index.ts';
import { actionForChoice, StepPicker, type StepChoice } from '../../../src/ui/screens/editor/settings/step-picker.tsx';
import { stepIcon } from '../../../src/ui/screens/editor/settings/step-icon.tsx';
import { applyTo, press, type } from './harness.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let picked: StepChoice[];
let closed: number;

beforeEach(async () => {
  picked = [];
  closed = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<StepPicker onPick={(choice) => picked.push(choice)} onClose={() => closed++} />));
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const search = () => container.querySelector<HTMLInputElement>('input[aria-label="Search steps"]')!;
const options = () => Array.from(container.querySelectorAll<HTMLElement>('[role="option"]'));
const activeLabel = () => container.querySelector('[role="option"][aria-selected="true"] .settings-piece-name')?.textContent;

describe('StepPicker', () => {
  it('is a dialog with the search box focused and Core then Apps', () => {
    expect(container.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe('Add a step');
    expect(document.activeElement).toBe(search());
    const groups = Array.from(container.querySelectorAll('[role="group"]')).map((g) => g.querySelector('p')?.textContent);
    expect(groups).toEqual(['Core', 'Apps']);
    expect(options().slice(0, 3).map((o) => o.querySelector('.settings-piece-name')?.textContent)).toEqual(['Code', 'Loop on Items', 'Router']);
    expect(options().length).toBeGreaterThan(6);
  });

  it('narrows with the search and picks with the arrows and Enter', async () => {
    await type(search(), 'storage');
    expect(options().map((o) => o.querySelector('.settings-piece-name')?.firstChild?.textContent)).toEqual(['Put value', 'Get value', 'Remove value']);
    expect(activeLabel()).toContain('Put value');
    await press(search(), 'ArrowDown');
    await press(search(), 'ArrowDown');
    await press(search(), 'ArrowDown'); // wraps to the first
    await press(search(), 'ArrowUp'); // and back to the last
    expect(search().getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    await press(search(), 'Enter');
    expect(picked).toEqual([
      { type: 'PIECE', pieceName: '@activepieces/piece-store', pieceVersion: '0.5.0', actionName: 'remove_value', displayName: 'Remove value' },
    ]);
  });

  it('says when nothing matches, and closes with Escape', async () => {
    await type(search(), 'spreadsheet');
    expect(options()).toHaveLength(0);
    expect(container.textContent).toContain('No steps match “spreadsheet”');
    await press(search(), 'Enter');
    expect(picked).toEqual([]);
    await press(search(), 'Escape');
    expect(closed).toBe(1);
  });

  it('picks with the pointer', async () => {
    await act(async () => options()[2]!.click());
    expect(picked).toEqual([{ type: 'ROUTER' }]);
  });
});

describe('actionForChoice', () => {
  const add = (choice: StepChoice) =>
    findStep(applyTo(createEmptyVersion(), { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: actionForChoice(choice, 'step_1') } }), 'step_1') as FlatStep;

  it('gives core steps their defaults, judged valid by the domain only when complete', () => {
    expect(actionForChoice({ type: 'CODE' }, 'step_4')).toMatchObject({ name: 'step_4', type: 'CODE', displayName: 'Code' });
    expect('valid' in actionForChoice({ type: 'CODE' }, 'step_4')).toBe(false);
    expect(add({ type: 'CODE' })).toMatchObject({ type: 'CODE', valid: true });
    expect(add({ type: 'LOOP_ON_ITEMS' })).toMatchObject({ type: 'LOOP_ON_ITEMS', settings: { items: '' }, valid: false });
    const router = add({ type: 'ROUTER' });
    expect(router).toMatchObject({ type: 'ROUTER', valid: false, settings: { executionType: 'EXECUTE_FIRST_MATCH' } });
  });

  it('gives piece steps the catalogue’s default inputs', () => {
    const delay = add({ type: 'PIECE', pieceName: '@activepieces/piece-delay', pieceVersion: '0.3.0', actionName: 'delay_for', displayName: 'Delay for' });
    expect(delay).toMatchObject({
      displayName: 'Delay for',
      valid: true,
      settings: { pieceName: '@activepieces/piece-delay', pieceVersion: '0.3.0', actionName: 'delay_for', input: { delayFor: 1, unit: 'seconds' } },
    });
    const http = add({ type: 'PIECE', pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: 'send_request', displayName: 'Send HTTP request' });
    expect(http).toMatchObject({ valid: false, settings: { input: { method: 'GET' } } });
  });
});

describe('stepIcon', () => {
  it('maps types and catalogue icons to lucide icons', () => {
    expect(stepIcon({ type: 'CODE' })).toBe(Code);
    expect(stepIcon({ type: 'LOOP_ON_ITEMS' })).toBe(Repeat);
    expect(stepIcon({ type: 'ROUTER' })).toBe(Split);
    expect(stepIcon({ type: 'EMPTY' })).toBe(Zap);
    expect(stepIcon({ type: 'PIECE', settings: { pieceName: '@activepieces/piece-http' } })).toBe(Globe);
    expect(stepIcon({ type: 'PIECE_TRIGGER', settings: { pieceName: '@activepieces/piece-slack' } })).not.toBe(Globe);
  });
});
