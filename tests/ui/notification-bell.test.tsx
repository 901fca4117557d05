/**
 * The header's bell and the live store behind it, in a real React tree (react-dom + happy-dom). The store
 * is fed through a fake connection exactly as the LiveSocket would feed it.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { observable, runInAction, type IObservableValue } from 'mobx';
import { LiveSocketError, type LiveNotification, type LiveSocketListener } from '../../src/api/live-socket.ts';
import { LiveStore } from '../../src/ui/stores/live-store.ts';
import { NotificationBell } from '../../src/ui/shell/notification-bell.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function fakeConnection() {
  const listeners = new Set<LiveSocketListener>();
  const calls: string[] = [];
  let id = 0;
  return {
    calls,
    connect: () => void calls.push('connect'),
    disconnect: () => void calls.push('disconnect'),
    addListener(listener: LiveSocketListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A server message, as the socket hands it on. */
    emit(type: string, data: Record<string, unknown>) {
      const notification: LiveNotification = { id: ++id, type, data, receivedAt: Date.now() - 5000 };
      for (const listener of listeners) listener.notification?.(notification);
    },
    fail(error: LiveSocketError) {
      for (const listener of listeners) listener.error?.(error);
    },
  };
}

let container: HTMLDivElement;
let root: Root;
let connection: ReturnType<typeof fakeConnection>;
let signedIn: IObservableValue<boolean>;
let toasts: string[];
let store: LiveStore;
let stop: () => void;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  connection = fakeConnection();
  signedIn = observable.box(true);
  toasts = [];
  store = new LiveStore({ connection, isAuthenticated: () => signedIn.get(), showError: (m) => toasts.push(m) });
  stop = store.start();
});

afterEach(async () => {
  stop();
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
});

async function render() {
  const router = createMemoryRouter(
    [
      {
        // The bell stays mounted across navigations, as in the shell's header.
        Component: () => (
          <>
            <NotificationBell store={store} />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', Component: () => <p>home</p> },
          { path: '/executions/:id', Component: () => <p>execution page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

const trigger = () => document.querySelector<HTMLButtonElement>('.notification-trigger')!;
const badge = () => document.querySelector('.notification-badge')?.textContent ?? null;
const markAll = () => Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Mark all as read');
const rows = () => Array.from(document.querySelectorAll('.notification-item'));
async function toggle() {
  await act(async () => trigger().click());
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('the notification bell', () => {
  it('shows the empty state and no badge before anything arrives', async () => {
    await render();
    expect(trigger().getAttribute('aria-label')).toBe('Notifications');
    expect(badge()).toBeNull();
    await toggle();
    expect(document.body.textContent).toContain('No notifications yet');
    expect(markAll()?.getAttribute('aria-disabled')).toBe('true');
  });

  it('lists readable notifications newest first, with level, time and a link to the run', async () => {
    await render();
    act(() => {
      connection.emit('notification', { message: 'Step failed', level: 'error', flowId: 'f1', runId: 'r1' });
      connection.emit('subscription_confirmed', { workflow_id: 'f1' }); // nothing for people to read
      connection.emit('run_finished', { message: 'Run finished', runId: 'r2', flowId: 'f1', status: 'SUCCEEDED' });
    });
    expect(badge()).toBe('2');
    expect(trigger().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await toggle();
    const [newest, older] = rows();
    expect(rows()).toHaveLength(2);
    expect(newest?.querySelector('.notification-message')?.textContent).toBe('Run finished (unread)');
    expect(older?.querySelector('.notification-message')?.textContent).toBe('error: Step failed (unread)');
    expect(older?.getAttribute('data-level')).toBe('error');
    expect(older?.querySelector('time')?.textContent).toBe('5s ago');
    expect(older?.querySelector('a')?.getAttribute('href')).toBe('/executions/r1');
    expect(newest?.querySelector('a')?.getAttribute('href')).toBe('/executions/r2');
  });

  it('clears the unread count on "Mark all as read", and counts what arrives after', async () => {
    await render();
    act(() => {
      connection.emit('notification', { message: 'One' });
      connection.emit('notification', { message: 'Two' });
    });
    await toggle();
    expect(markAll()?.getAttribute('aria-disabled')).toBe('false');
    await act(async () => markAll()?.click());
    expect(store.unreadCount).toBe(0);
    expect(markAll()?.getAttribute('aria-disabled')).toBe('true');
    expect(badge()).toBeNull();
    expect(rows().every((row) => !row.hasAttribute('data-unread'))).toBe(true);
    act(() => connection.emit('notification', { message: 'Three' }));
    expect(badge()).toBe('1');
  });

  it('keeps the 100 newest and shows 99+ on the badge', async () => {
    await render();
    act(() => {
      for (let i = 1; i <= 120; i += 1) connection.emit('notification', { message: `n${i}` });
    });
    expect(store.notifications).toHaveLength(100);
    expect(store.notifications[0]?.message).toBe('n120');
    expect(badge()).toBe('99+');
  });

  it('follows the link to the execution and closes the panel', async () => {
    const router = await render();
    act(() => connection.emit('notification', { message: 'Done', runId: 'run 7' }));
    await toggle();
    await act(async () => document.querySelector<HTMLAnchorElement>('.notification-link')!.click());
    expect(router.state.location.pathname).toBe('/executions/run%207');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.body.textContent).toContain('execution page');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the live store', () => {
  it('connects while signed in, disconnects and forgets on sign-out', () => {
    expect(connection.calls).toEqual(['connect']);
    connection.emit('notification', { message: 'Secret of the old session' });
    runInAction(() => signedIn.set(false));
    expect(connection.calls).toEqual(['connect', 'disconnect']);
    expect(store.notifications).toEqual([]);
    runInAction(() => signedIn.set(true));
    expect(connection.calls).toEqual(['connect', 'disconnect', 'connect']);
  });

  it('toasts connection, authentication, heartbeat and reconnect failures, not server chatter', () => {
    for (const [kind, text] of [
      ['connection', 'WebSocket connection error'],
      ['authentication', 'Authentication failed: Your session has expired'],
      ['heartbeat', 'Heartbeat timeout'],
      ['max_reconnect', 'Could not reconnect to the server after 5 attempts'],
      ['server', 'Server error: Too many subscriptions'],
      ['parse', 'Failed to parse server message'],
    ] as const) {
      connection.fail(new LiveSocketError(kind, text));
    }
    expect(toasts).toEqual([
      'WebSocket connection error',
      'Authentication failed: Your session has expired',
      'Heartbeat timeout',
      'Could not reconnect to the server after 5 attempts',
    ]);
  });
});
