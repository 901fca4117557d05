/**
 * The live connection as the signed-in UI sees it (SPEC §4): opened while the user is authenticated and
 * closed on logout, its state, the notifications people can read (≤ 100, newest first) with an unread
 * count, socket errors as destructive toasts (SPEC §8), and run messages for the screens showing runs. Imported only by the app shell, so the login
 * page never loads the socket, the store or the toast library.
 */
import { action, computed, makeObservable, observable, observableRef, reaction } from 'mobx';
import { toast } from 'sonner';
import { refreshTokenPair } from '../../api/clients.ts';
import type { Activity } from '../../domain/contract/analytics.ts';
import {
  activityOf,
  LIVE_SOCKET,
  LiveSocket,
  runEventOf,
  type LiveErrorKind,
  type LiveNotification,
  type LiveSocketListener,
  type LiveState,
  type RunEvent,
} from '../../api/live-socket.ts';
import { tokenStorage } from '../../api/token-storage.ts';
import { authStore } from './auth-store.ts';

/** What the store needs of the socket; tests hand in a fake. */
export interface LiveConnection {
  connect(): void;
  disconnect(): void;
  addListener(listener: LiveSocketListener): () => void;
}

export type NotificationLevel = 'error' | 'warning' | 'success' | 'info';

/** One row of the bell's list. */
export interface NotificationItem {
  id: number;
  type: string;
  message: string;
  level: NotificationLevel | undefined;
  runId: string | undefined;
  receivedAt: number;
}

/** SPEC §8: these four show as toasts; server, parse and subscription errors are not for people. */
const TOASTED: ReadonlySet<LiveErrorKind> = new Set(['connection', 'authentication', 'heartbeat', 'max_reconnect']);
const LEVELS: ReadonlySet<string> = new Set(['error', 'warning', 'success', 'info']);

/**
 * Only messages with text to read: the socket's own list (SPEC §4) also keeps subscription confirmations,
 * which mean nothing in a notification panel.
 */
export function toNotificationItem(notification: LiveNotification): NotificationItem | null {
  const { message, level, runId } = notification.data;
  if (typeof message !== 'string' || message === '') return null;
  return {
    id: notification.id,
    type: notification.type,
    message,
    level: typeof level === 'string' && LEVELS.has(level) ? (level as NotificationLevel) : undefined,
    runId: typeof runId === 'string' && runId !== '' ? runId : typeof runId === 'number' ? String(runId) : undefined,
    receivedAt: notification.receivedAt,
  };
}

export interface LiveStoreDeps {
  connection: LiveConnection;
  isAuthenticated: () => boolean;
  /** Shows a destructive toast. */
  showError: (message: string) => void;
}

export class LiveStore {
  state: LiveState = 'disconnected';
  /** Newest first, at most 100. */
  notifications: NotificationItem[] = [];
  /** Items with an id above this one are unread. */
  lastReadId = 0;
  private readonly runListeners = new Set<(event: RunEvent) => void>();
  private readonly activityListeners = new Set<(activity: Activity) => void>();

  constructor(private readonly deps: LiveStoreDeps) {
    makeObservable(this, {
      state: observable,
      notifications: observableRef,
      lastReadId: observable,
      unreadCount: computed,
      live: computed,
      receive: action,
      markAllRead: action,
      setState: action,
      clear: action,
    });
  }

  get unreadCount(): number {
    let count = 0;
    for (const item of this.notifications) if (item.id > this.lastReadId) count += 1;
    return count;
  }

  /** Signed in on the socket: runs are told as they go, so screens showing one need not poll. */
  get live(): boolean {
    return this.state === 'authenticated';
  }

  /** Hears every activity entry recorded for the signed-in user (server/activity); returns the way to stop. */
  onActivity(listener: (activity: Activity) => void): () => void {
    this.activityListeners.add(listener);
    return () => this.activityListeners.delete(listener);
  }

  /** Hears every run message (progress and end) of the signed-in user; returns the way to stop. */
  onRunEvent(listener: (event: RunEvent) => void): () => void {
    this.runListeners.add(listener);
    return () => this.runListeners.delete(listener);
  }

  receive(notification: LiveNotification): void {
    const run = runEventOf(notification);
    if (run) for (const listener of this.runListeners) listener(run);
    const activity = activityOf(notification);
    if (activity) for (const listener of this.activityListeners) listener(activity);
    const item = toNotificationItem(notification);
    if (item) this.notifications = [item, ...this.notifications].slice(0, LIVE_SOCKET.maxNotifications);
  }

  markAllRead(): void {
    this.lastReadId = Math.max(this.lastReadId, this.notifications[0]?.id ?? 0);
  }

  setState(state: LiveState): void {
    this.state = state;
  }

  clear(): void {
    this.notifications = [];
    this.lastReadId = 0;
  }

  /** Follows the sign-in state until the returned function is called (the shell unmounting). */
  start(): () => void {
    const { connection } = this.deps;
    const stopListening = connection.addListener({
      state: (state) => this.setState(state),
      notification: (notification) => this.receive(notification),
      error: (error) => {
        if (TOASTED.has(error.kind)) this.deps.showError(error.message);
      },
    });
    const stopFollowing = reaction(
      () => this.deps.isAuthenticated(),
      (signedIn) => {
        if (!signedIn) {
          connection.disconnect();
          // Another account may sign in in this tab next: it must not see these.
          this.clear();
          return;
        }
        try {
          connection.connect();
        } catch (error) {
          this.deps.showError(error instanceof Error ? error.message : String(error));
        }
      },
      { fireImmediately: true },
    );
    return () => {
      stopFollowing();
      connection.disconnect();
      stopListening();
    };
  }
}

/** One toast, updated in place: five failed reconnects are one story, not five toasts. */
export const LIVE_TOAST_ID = 'live-connection';

/** SPEC §8: socket errors are destructive toasts, red (sonner's rich colours), not a neutral toast with an icon. */
export function showLiveError(message: string): void {
  toast.error(message, { id: LIVE_TOAST_ID, richColors: true });
}

export const liveStore = new LiveStore({
  connection: new LiveSocket({
    getAccessToken: tokenStorage.getAccessToken,
    getRefreshToken: tokenStorage.getRefreshToken,
    refreshTokens: refreshTokenPair,
  }),
  isAuthenticated: () => authStore.isAuthenticated,
  showError: showLiveError,
});
