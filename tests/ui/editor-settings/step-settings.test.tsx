/**
 * The step settings panel with a real React tree: every edit sends the complete step (never a `valid`:
 * the domain judges the step, and the panel shows its verdict),
 * typing in one field is one undo group, values follow undo, read-only sends nothing.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import type { FlatVersion } from '../../../src/domain/index.ts';
import { blur, choose, click, PanelHarness, press, type, versionWith } from './harness.tsx';

let panel: PanelHarness;
afterEach(async () => panel.unmount());

const open = async (version: FlatVersion, stepName = 'step_1', readOnly = false) => {
  panel = new PanelHarness(version, stepName, readOnly);
  return panel.render();
};

const settleQueries = async () => {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

const http = { type: 'PIECE', pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: 'send_request', displayName: 'Send HTTP request' } as const;

describe('the panel frame', () => {
  it('is an aside named Step settings showing the step’s name, and closes with its button or Escape', async () => {
    await open(versionWith({ type: 'CODE' }));
    const aside = panel.container.querySelector('aside')!;
    expect(aside.getAttribute('aria-label')).toBe('Step settings');
    expect(aside.querySelector('h2')?.textContent).toBe('Code');
    expect(aside.textContent).toContain('step_1');
    await click(panel.button('Close settings'));
    expect(panel.closed).toBe(1);
    await press(panel.control('Display name'), 'Escape');
    expect(panel.closed).toBe(2);
  });
});

describe('display name', () => {
  it('sends UPDATE_ACTION with the whole step on every keystroke, grouped by field, and breaks the group on blur', async () => {
    await open(versionWith({ type: 'LOOP_ON_ITEMS' }));
    const name = panel.control('Display name');
    await type(name, 'E');
    await type(name, 'Each order');
    expect(panel.sent).toHaveLength(2);
    expect(panel.sent[1]).toEqual({
      operation: {
        type: 'UPDATE_ACTION',
        request: { name: 'step_1', type: 'LOOP_ON_ITEMS', displayName: 'Each order', settings: { items: '' } },
      },
      options: { groupKey: 'update:step_1:displayName' },
    });
    expect(panel.version.steps[1]?.displayName).toBe('Each order');
    expect(name.value).toBe('Each order');
    await blur(name);
    expect(panel.breaks).toBe(1);
  });

  it('shows the value the version takes from elsewhere (undo), and keeps the user’s text while answers lag', async () => {
    const before = versionWith({ type: 'CODE' });
    await open(before);
    const name = panel.control('Display name');
    panel.holdUpdates = true;
    await type(name, 'Ca');
    await type(name, 'Calc');
    await panel.flush(); // 'Ca' then 'Calc' come back: the field never shows 'Ca' again
    expect(name.value).toBe('Calc');
    await panel.show(before); // undo
    expect(name.value).toBe('Code');
  });

  it('keeps a chosen option and a ticked box while the answer lags, and follows the version after an undo', async () => {
    const before = versionWith({ type: 'CODE' });
    await open(before);
    await click(panel.control('Retry on failure'));
    const withRetry = panel.version;
    panel.holdUpdates = true;
    const attempts = panel.control<HTMLSelectElement>('Attempts');
    await choose(attempts, '5');
    expect(attempts.value).toBe('5'); // not the version's 4 until the core answers
    const continueOnFailure = panel.control('Continue on failure');
    await click(continueOnFailure);
    expect(continueOnFailure.checked).toBe(true);
    await panel.flush();
    expect(attempts.value).toBe('5');
    expect(continueOnFailure.checked).toBe(true);
    await panel.show(withRetry); // undo, twice
    expect(panel.control<HTMLSelectElement>('Attempts').value).toBe('4');
    expect(panel.control('Continue on failure').checked).toBe(false);
    await panel.show(before);
    expect(panel.container.querySelector('select')).toBeNull();
  });

  it('builds a second quick edit on the first even before the version catches up', async () => {
    await open(versionWith({ type: 'LOOP_ON_ITEMS' }));
    panel.holdUpdates = true;
    await type(panel.control('Display name'), 'Rows');
    await type(panel.control('Items'), '{{trigger.rows}}');
    expect(panel.lastRequest).toMatchObject({ displayName: 'Rows', settings: { items: '{{trigger.rows}}' } });
    await panel.flush();
    expect(panel.version.steps[1]).toMatchObject({ displayName: 'Rows', valid: true });
  });
});

describe('code steps', () => {
  // The code field itself (CodeMirror): tests/ui/code-editor/code-field.test.tsx.
  it('keep named inputs from key/value rows', async () => {
    await open(versionWith({ type: 'CODE' }));
    await click(panel.button('Add input'));
    await type(panel.control('Name of input 1'), 'orderId');
    await type(panel.control('Value of input 1'), '{{trigger.body.id}}');
    expect(panel.lastRequest).toMatchObject({ settings: { input: { orderId: '{{trigger.body.id}}' } } });
    await click(panel.button('Remove input orderId'));
    expect(panel.lastRequest).toMatchObject({ settings: { input: {} } });
  });

  it('keep Continue on failure in Activepieces’ errorHandlingOptions', async () => {
    await open(versionWith({ type: 'CODE' }));
    await click(panel.control('Continue on failure'));
    expect(panel.lastRequest).toMatchObject({ settings: { errorHandlingOptions: { continueOnFailure: { value: true } } } });
    expect(panel.sent.at(-1)?.options).toEqual({ groupKey: null });
  });
});

describe('piece steps', () => {
  it('show one field per input, and judge validity with the catalogue', async () => {
    await open(versionWith(http));
    expect(panel.control<HTMLSelectElement>('Action').value).toBe('send_request');
    expect(panel.control<HTMLSelectElement>('Method').value).toBe('GET');
    expect(panel.control('Headers').tagName).toBe('TEXTAREA');
    expect(panel.version.steps[1]?.valid).toBe(false); // no URL yet
    await type(panel.control('URL'), 'https://example.com/orders');
    expect(panel.lastRequest).toMatchObject({
      type: 'PIECE',
      settings: { pieceName: '@activepieces/piece-http', actionName: 'send_request', input: { method: 'GET', url: 'https://example.com/orders' } },
    });
    expect('valid' in panel.lastRequest).toBe(false);
    expect(panel.judged).toBe(true);
    await choose(panel.control<HTMLSelectElement>('Method'), 'POST');
    expect(panel.lastRequest).toMatchObject({ settings: { input: { method: 'POST' } } });
    expect(panel.judged).toBe(true);
  });

  it('store numbers as numbers, accept references, and show errors only after the field was touched', async () => {
    await open(versionWith(http));
    await type(panel.control('URL'), 'https://example.com');
    const timeout = panel.control('Timeout (seconds)');
    await type(timeout, 'soon');
    expect(panel.judged).toBe(false);
    expect(panel.errorOf(timeout)).toBeUndefined();
    await blur(timeout);
    expect(panel.errorOf(timeout)).toBe('Enter a number');
    await type(timeout, '30');
    expect(panel.lastRequest).toMatchObject({ settings: { input: { timeout: 30 } } });
    expect(panel.judged).toBe(true);
    expect(panel.errorOf(timeout)).toBeUndefined();
    await type(timeout, '{{step_2.seconds}}');
    expect(panel.lastRequest).toMatchObject({ settings: { input: { timeout: '{{step_2.seconds}}' } } });
    expect(panel.judged).toBe(true);
  });

  it('parse JSON inputs and say when they are not JSON', async () => {
    await open(versionWith(http));
    await type(panel.control('URL'), 'https://example.com');
    const headers = panel.control<HTMLTextAreaElement>('Headers');
    await type(headers, '{"Accept": ');
    await blur(headers);
    expect(panel.errorOf(headers)).toBe('Enter valid JSON');
    await type(headers, '{"Accept": "application/json"}');
    expect(panel.lastRequest).toMatchObject({ settings: { input: { headers: { Accept: 'application/json' } } } });
    expect(panel.judged).toBe(true);
    expect(headers.value).toBe('{"Accept": "application/json"}'); // what was typed, not a reformatted copy
  });

  it('choose a connection among the user’s, by name: a missing one is marked, None removes it', async () => {
    const originalFetch = globalThis.fetch;
    const asked: unknown[] = [];
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(JSON.parse(String(init?.body)));
      const options = [{ label: 'GitHub (Bearer token)', value: 'GitHub' }, { label: 'Maps (API key header)', value: 'Maps' }];
      return new Response(JSON.stringify({ options }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      await open(versionWith(http));
      await settleQueries();
      expect(asked[0]).toMatchObject({ piece_name: '@activepieces/piece-http', action_name: 'send_request', property_name: 'connection' });
      const connection = panel.control<HTMLSelectElement>('Connection');
      expect(Array.from(connection.options).map((option) => option.text)).toEqual(['None', 'GitHub (Bearer token)', 'Maps (API key header)']);
      await choose(connection, 'Maps');
      expect(panel.lastRequest).toMatchObject({ settings: { input: { connection: 'Maps' } } });
      await choose(connection, '');
      expect((panel.lastRequest as { settings: { input: Record<string, unknown> } }).settings.input).not.toHaveProperty('connection');

      await panel.unmount();
      const stored = versionWith(http);
      // As a flow that named a connection since deleted is read back.
      (stored.steps[1]!.settings as { input: Record<string, unknown> }).input.connection = 'Gone';
      await open(stored);
      await settleQueries();
      const missing = panel.control<HTMLSelectElement>('Connection');
      expect(missing.value).toBe('Gone');
      expect(missing.selectedOptions[0]!.text).toBe('Gone (not found)');
      expect(panel.errorOf(missing)).toBe('"Gone" does not exist any more; choose another');
    } finally {
      globalThis.fetch = originalFetch;
    }
  });

  it('switch action with the new action’s defaults, keeping shared inputs', async () => {
    await open(versionWith({ type: 'PIECE', pieceName: '@activepieces/piece-store', pieceVersion: '0.5.0', actionName: 'get', displayName: 'Get value' }));
    await type(panel.control('Key'), 'last-id');
    await choose(panel.control<HTMLSelectElement>('Action'), 'put');
    expect(panel.lastRequest).toMatchObject({ displayName: 'Put value', settings: { actionName: 'put', input: { key: 'last-id' } } });
    expect(panel.judged).toBe(false);
    expect(panel.hasControl('Value')).toBe(true);
  });
});

describe('every step', () => {
  it('has a Skip this step switch sending SET_SKIP_ACTION', async () => {
    await open(versionWith({ type: 'ROUTER' }));
    const skip = panel.container.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Skip this step"]')!;
    await click(skip);
    expect(panel.sent.at(-1)?.operation).toEqual({ type: 'SET_SKIP_ACTION', request: { names: ['step_1'], skip: true } });
    expect(skip.getAttribute('aria-checked')).toBe('true');
  });

  it('is read-only on a locked version: every control disabled, nothing sent', async () => {
    await open(versionWith(http), 'step_1', true);
    const controls = panel.container.querySelectorAll<HTMLInputElement>('input, textarea, select, button');
    const enabled = Array.from(controls).filter((c) => !c.disabled).map((c) => c.getAttribute('aria-label') ?? c.textContent);
    expect(enabled).toEqual(['Close settings']);
    await type(panel.control('URL'), 'https://example.com');
    await click(panel.control('Continue on failure'));
    expect(panel.sent).toEqual([]);
  });

  it('tells what went wrong when the core refuses an edit, and the next edit starts from the version', async () => {
    await open(versionWith({ type: 'LOOP_ON_ITEMS' }));
    panel.refuseNext = Object.assign(new Error('step_1 is locked'), { code: 'FLOW_OPERATION_INVALID' });
    await type(panel.control('Items'), '[1, 2]');
    expect(panel.container.querySelector('[role="alert"]')?.textContent).toContain('step_1 is locked');
    expect(panel.control('Items').value).toBe(''); // back to what the version holds
    await type(panel.control('Display name'), 'Numbers');
    expect(panel.lastRequest).toMatchObject({ displayName: 'Numbers', settings: { items: '' } });
    expect(panel.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('says so when the selected step is gone', async () => {
    await open(versionWith({ type: 'CODE' }), 'step_9');
    expect(panel.container.textContent).toContain('This step no longer exists.');
  });
});
