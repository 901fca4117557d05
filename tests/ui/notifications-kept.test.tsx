/**
 * Issue 17: the bell's notifications kept on the server. The live store lists the stored ones on sign-in
 * (joined with what arrived live meanwhile, a row never twice), and marks rows read or unread there; the
 * bell's per-row toggle and 'Mark all as read' go through it. The API is a fake recording its calls.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { observable } from 'mobx';
import type { LiveNotification, LiveSocketListener } from '../../src/api/live-socket.ts';
import type { NotificationsApi, StoredNotification } from '../../src/api/notifications-api.ts';
import { LiveStore } from '../../src/ui/stores/live-store.ts';
import { NotificationBell } from '../../src/ui/shell/notification-bell.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const stored = (id: string, message: string, read: boolean, at: string): StoredNotification => ({
  id,
  type: 'run_finished',
  message,
  level: 'success',
  runId: null,
  flowId: null,
  createdAt: at,
  read,
});

function fakeApi(list: StoredNotification[], failMarks = false) {
  const calls: string[] = [];
  const api: NotificationsApi = {
    list: async () => ({ data: list, unread: list.filter((n) => !n.read).length }),
    mark: async (id, read) => {
      calls.push(`mark ${id} ${read}`);
      if (failMarks) throw new Error('offline');
      return { ...list.find((n) => n.id === id)!, read };
    },
    markAll: async () => {
      calls.push('mark all');
      return 1;
    },
  };
  return { api, calls };
}

let listeners: Set<LiveSocketListener>;
let container: HTMLDivElement;
let root: Root;
let errors: string[];
const connection = () => ({
  connect: () => {},
  disconnect: () => {},
  addListener(listener: LiveSocketListener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
});
const emit = (id: number, data: Record<string, unknown>) => {
  const notification: LiveNotification = { id, type: 'run_finished', data, receivedAt: Date.parse('2026-01-01T10:00:05Z') };
  for (const listener of listeners) listener.notification?.(notification);
};
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  listeners = new Set();
  errors = [];
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
});

function storeWith(api: NotificationsApi) {
  const store = new LiveStore({ connection: connection(), isAuthenticated: () => observable.box(true).get(), showError: (m) => errors.push(m), notifications: api });
  return { store, stop: store.start() };
}

describe('notifications kept on the server', () => {
  it('lists the stored ones on sign-in with their read state, joined with live ones, none twice', async () => {
    const { api } = fakeApi([stored('n2', 'Second', false, '2026-01-01T10:00:02Z'), stored('n1', 'First', true, '2026-01-01T10:00:01Z')]);
    const { store, stop } = storeWith(api);
    emit(1, { message: 'Second', notificationId: 'n2' }); // heard live before the list came back
    emit(2, { message: 'Third', notificationId: 'n3' });
    await settle();
    expect(store.notifications.map((n) => [n.message, n.read])).toEqual([
      ['Third', false],
      ['Second', false],
      ['First', true],
    ]);
    expect(store.unreadCount).toBe(2);
    emit(3, { message: 'Third', notificationId: 'n3' });
    expect(store.notifications).toHaveLength(3);
    stop();
  });

  it('marks a row read and unread from the bell, and all read, on the server', async () => {
    const { api, calls } = fakeApi([stored('n2', 'Second', false, '2026-01-01T10:00:02Z'), stored('n1', 'First', true, '2026-01-01T10:00:01Z')]);
    const { store, stop } = storeWith(api);
    await settle();
    const router = createMemoryRouter([{ path: '/', Component: () => <NotificationBell store={store} /> }]);
    await act(async () => root.render(<RouterProvider router={router} />));
    await act(async () => document.querySelector<HTMLButtonElement>('.notification-trigger')!.click());
    await settle();
    const button = (name: string) => Array.from(document.querySelectorAll('button')).find((b) => b.getAttribute('aria-label') === name);
    await act(async () => button('Mark as read: Second')!.click());
    expect(store.unreadCount).toBe(0);
    await act(async () => button('Mark as unread: First')!.click());
    expect(store.unreadCount).toBe(1);
    expect(document.querySelector('.notification-trigger')?.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await act(async () => Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Mark all as read')!.click());
    expect(store.unreadCount).toBe(0);
    expect(calls).toEqual(['mark n2 true', 'mark n1 false', 'mark all']);
    stop();
  });

  it('says so when the read state could not be saved, and reads the list again', async () => {
    const { api } = fakeApi([stored('n1', 'Only', false, '2026-01-01T10:00:01Z')], true);
    const { store, stop } = storeWith(api);
    await settle();
    store.markRead('n1', true);
    await settle();
    expect(errors).toEqual(['The notifications’ read state could not be saved']);
    expect(store.notifications[0]?.read).toBe(false);
    stop();
  });
});
