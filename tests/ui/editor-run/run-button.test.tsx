/**
 * The editor's Run button: disabled with the reason when the open version has steps that need
 * configuration, enabled and starting a run when it is valid, 'Starting…' and disabled meanwhile; and the
 * toast a run's end gets.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { observable, runInAction } from 'mobx';
import { toast } from 'sonner';
import { createEmptyVersion, type FlatVersion } from '../../../src/domain/index.ts';
import { RUN_DISABLED_REASON, RunButton } from '../../../src/ui/screens/editor/run-button.tsx';
import { announceRunEnd } from '../../../src/ui/screens/editor/use-run-workflow.ts';
import type { EditorStore } from '../../../src/ui/screens/editor/store/editor-store.ts';
import { versionHead } from '../../../src/ui/screens/editor/store/version-head.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

/** The part of the store the button reads, observable as the real one is: the head follows the version. */
const storeWith = (version: FlatVersion) => {
  const store = observable({ version }, {}, { deep: false });
  const head = versionHead(() => store.version);
  Object.defineProperty(store, 'head', { get: () => head.get() });
  return store as unknown as EditorStore;
};

async function render(store: EditorStore, starting = false) {
  let starts = 0;
  await act(async () => root.render(<RunButton store={store} runner={{ starting, start: async () => void starts++ }} />));
  return { button: container.querySelector('button')!, starts: () => starts };
}

// A new version's trigger is EMPTY: it needs configuring, so the version is invalid.
const invalid = createEmptyVersion({ id: 'v1', flowId: 'f1' });
const valid: FlatVersion = { ...invalid, valid: true };

describe('the Run button', () => {
  it('is disabled for an invalid version and says what to fix', async () => {
    expect(invalid.valid).toBe(false);
    const { button, starts } = await render(storeWith(invalid));
    expect(button.textContent).toBe('Run');
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(RUN_DISABLED_REASON);
    expect(RUN_DISABLED_REASON).toBe('Fix the steps that need configuration');
    await act(async () => button.click());
    expect(starts()).toBe(0);
  });

  it('runs a valid version, and follows the version as it becomes valid', async () => {
    const store = storeWith(invalid);
    const { button, starts } = await render(store);
    await act(async () => runInAction(() => ((store as { version: FlatVersion }).version = valid)));
    expect(button.disabled).toBe(false);
    expect(button.title).toBe('Run this version (Ctrl/Cmd+Enter)');
    await act(async () => button.click());
    expect(starts()).toBe(1);
  });

  it('says Starting… and is disabled while the run starts', async () => {
    const { button } = await render(storeWith(valid), true);
    expect(button.textContent).toBe('Starting…');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('the end of a run', () => {
  it('is a success toast, an error saying in words what failed, or information for a stopped run', () => {
    const calls: string[] = [];
    const original = { success: toast.success, error: toast.error, info: toast.info };
    const record = (kind: string) => ((message: string, options?: { description?: string }) =>
      calls.push(`${kind}:${message}${options?.description ? ` — ${options.description}` : ''}`)) as typeof toast.success;
    toast.success = record('success');
    toast.error = record('error');
    toast.info = record('info');
    const step = (stepName: string, displayName: string, status: 'SUCCEEDED' | 'FAILED', error: string | null = null) =>
      ({ stepName, displayName, type: 'CODE', status, input: null, output: null, error, duration: 1 }) as const;
    try {
      announceRunEnd({ status: 'SUCCEEDED', steps: [] });
      announceRunEnd({ status: 'FAILED', steps: [step('trigger', 'Trigger', 'SUCCEEDED'), step('step_3', 'Send email', 'FAILED', 'connect ECONNREFUSED')] });
      // A loop failed because a step inside it did: that step is named.
      const loop = { ...step('step_1', 'Each order', 'FAILED', 'An iteration failed'), iterations: [[step('step_2', 'Charge', 'SUCCEEDED')], [step('step_2', 'Charge', 'FAILED', 'card declined')]] };
      announceRunEnd({ status: 'FAILED', steps: [loop] });
      announceRunEnd({ status: 'TIMEOUT', steps: [] });
      announceRunEnd({ status: 'STOPPED', steps: [] });
    } finally {
      Object.assign(toast, original);
    }
    expect(calls).toEqual([
      'success:Run succeeded',
      "error:Run failed — 'Send email' (step_3) failed: connect ECONNREFUSED",
      "error:Run failed — 'Charge' (step_2) failed: card declined",
      'error:Run failed — The run took too long and was stopped',
      'info:Run stopped',
    ]);
  });
});
