/**
 * The editor's Import asks before it replaces a flow that has something to lose: the confirm dialog
 * names the flow, its trigger and its steps and the file's workflow; Cancel keeps everything; an empty
 * flow is replaced at once; a file that fails the browser's checks never reaches the editor core.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createEmptyVersion, type FlatVersion } from '../../src/domain/index.ts';
import type { EditorStore } from '../../src/ui/screens/editor/store/editor-store.ts';
import { ImportFlow, replacedContent, type ImportFlowHandle } from '../../src/ui/screens/editor/import-flow.tsx';
import { applyTo, versionWith } from './editor-settings/harness.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
});

const FILE = JSON.stringify({
  displayName: 'Imported orders',
  trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Select Trigger', valid: false, settings: {} },
});

async function mount(version: FlatVersion) {
  const imported: string[] = [];
  const store = { version, importFlow: async (text: string) => void imported.push(text) } as unknown as EditorStore;
  const handle = createRef<ImportFlowHandle>();
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(<ImportFlow ref={handle} store={store} />));
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const pick = async (text: string, name = 'orders.json') => {
    Object.defineProperty(input, 'files', { configurable: true, value: [new File([text], name, { type: 'application/json' })] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    for (let i = 0; i < 20; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  };
  const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
  const button = (name: string) => Array.from(dialog()?.querySelectorAll('button') ?? []).find((b) => b.textContent?.trim() === name)!;
  return { imported, pick, dialog, button, input };
}

describe('the editor’s Import', () => {
  it('asks before replacing a flow with steps, naming what goes; Cancel keeps everything', async () => {
    const version = { ...versionWith({ type: 'CODE' }), displayName: 'Billing' };
    const editor = await mount(version);
    expect(editor.input.getAttribute('aria-label')).toBe('Flow file to import');
    await editor.pick(FILE);
    expect(editor.dialog()?.textContent).toContain('Replace this workflow?');
    expect(editor.dialog()?.textContent).toContain('Importing replaces “Billing” — its name, its 1 step — with “Imported orders” from orders.json. Undo (Ctrl/Cmd+Z) brings them back.');
    await act(async () => editor.button('Cancel').click());
    expect(editor.dialog()).toBeNull();
    expect(editor.imported).toEqual([]);

    await editor.pick(FILE);
    await act(async () => editor.button('Replace with import').click());
    for (let i = 0; i < 10; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(editor.imported).toEqual([FILE]);
    expect(editor.dialog()).toBeNull();
  });

  it('replaces an empty flow at once', async () => {
    const editor = await mount(createEmptyVersion({ id: 'v1', flowId: 'f1' }));
    await editor.pick(FILE);
    expect(editor.dialog()).toBeNull();
    expect(editor.imported).toEqual([FILE]);
  });

  it('never hands the core a file the browser can already refuse', async () => {
    const editor = await mount(versionWith({ type: 'CODE' }));
    await editor.pick('{ not json');
    await editor.pick('[1, 2]');
    expect(editor.dialog()).toBeNull();
    expect(editor.imported).toEqual([]);
  });
});

describe('replacedContent', () => {
  it('counts the steps and a chosen trigger; an empty flow loses nothing', () => {
    const empty = createEmptyVersion({ id: 'v1', flowId: 'f1' });
    expect(replacedContent(empty)).toBeNull();
    const two = applyTo(versionWith({ type: 'CODE' }), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } });
    expect(replacedContent(two)).toEqual({ steps: 2, trigger: false });
  });
});
