/**
 * The editor's leave guard and the browser's own question (issue 16): closing or reloading the tab asks
 * (`beforeunload` prevented) while changes are unsaved or still being sent, and not once they are saved.
 * The real LeaveGuard in a data router, over a stand-in for the editor store's save status.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { observable, runInAction } from 'mobx';
import { LeaveGuard } from '../../src/ui/screens/editor/leave-guard.tsx';
import type { EditorStore } from '../../src/ui/screens/editor/store/editor-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const status = observable.box<'saved' | 'pending' | 'saving' | 'error'>('saved');
const store = {
  get hasUnsavedChanges() {
    return status.get() !== 'saved';
  },
} as unknown as EditorStore;

beforeEach(async () => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const router = createMemoryRouter([{ path: '/', Component: () => <LeaveGuard store={store} /> }]);
  await act(async () => root.render(<RouterProvider router={router} />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

/** Fires the event a closing or reloading tab fires; true when the page asks the browser to ask. */
function closingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('closing or reloading the tab', () => {
  it('asks while changes are unsaved or being saved, not once saved', () => {
    expect(closingAsks()).toBe(false);
    for (const state of ['pending', 'saving', 'error'] as const) {
      runInAction(() => status.set(state));
      expect(closingAsks(), state).toBe(true);
    }
    runInAction(() => status.set('saved'));
    expect(closingAsks()).toBe(false);
  });

  it('stops asking when the editor is left', async () => {
    runInAction(() => status.set('pending'));
    await act(async () => root.unmount());
    expect(closingAsks()).toBe(false);
    root = createRoot(container);
    runInAction(() => status.set('saved'));
  });
});
