/**
 * The editor's save indicator while a large flow is drawn before the worker has checked it: 'Opening…'
 * with a spinner, then the save status the worker reports. The real SaveIndicator over a stand-in store.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { observable, runInAction } from 'mobx';
import { SaveIndicator } from '../../src/ui/screens/editor/save-indicator.tsx';
import type { EditorStore } from '../../src/ui/screens/editor/store/editor-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const store = observable({
  confirming: true,
  save: { status: 'saved' } as EditorStore['save'],
  storageMode: 'indexeddb' as EditorStore['storageMode'],
});

beforeEach(async () => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root.render(<SaveIndicator store={store as unknown as EditorStore} />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const indicator = () => container.querySelector('[data-testid="save-indicator"]')!;

describe('SaveIndicator', () => {
  it('says Opening… with a spinner until the worker confirms the version, then the save status', async () => {
    expect(indicator().textContent).toBe('Opening…');
    expect(indicator().querySelector('.spin')).not.toBeNull();
    await act(async () => runInAction(() => (store.confirming = false)));
    expect(indicator().textContent).toBe('Saved');
    expect(indicator().querySelector('.spin')).toBeNull();
    await act(async () => runInAction(() => (store.save = { status: 'saving' })));
    expect(indicator().textContent).toBe('Saving…');
  });
});
