/**
 * The live connection as the signed-in UI sees it (SPEC §4): opened while the user is authenticated and
 * closed on logout, its state, the notifications people can read (≤ 100, newest first) with an unread
 * count — kept on the server (issue 17): listed on sign-in, new ones pushed live naming their stored row,
 * read state marked there — socket errors as destructive toasts (SPEC §8), and run messages for the screens showing runs. Imported only by the app shell, so the login
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
import { notificationsApi, type NotificationsApi, type StoredNotification } from '../../api/notifications-api.ts';
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
  /** Unique in the list: the stored row's id, or the socket's number for one the server did not keep. */
  key: string;
  /** The stored notification (issue 17); undefined for one only heard on the socket. */
  serverId: string | undefined;
  type: string;
  message: string;
  level: NotificationLevel | undefined;
  runId: string | undefined;
  receivedAt: number;
  read: boolean;
}

/** SPEC §8: these four show as toasts; server, parse and subscription errors are not for people. */
const TOASTED: ReadonlySet<LiveErrorKind> = new Set(['connection', 'authentication', 'heartbeat', 'max_reconnect']);
const LEVELS: ReadonlySet<string> = new Set(['error', 'warning', 'success', 'info']);

/**
 * Only messages with text to read: the socket's own list (SPEC §4) also keeps subscription confirmations,
 * which mean nothing in a notification panel.
 */
export function toNotificationItem(notification: LiveNotification): NotificationItem | null {
  const { message, level, runId, notificationId } = notification.data;
  if (typeof message !== 'string' || message === '') return null;
  const serverId = typeof notificationId === 'string' && notificationId !== '' ? notificationId : undefined;
  return {
    key: serverId ?? `live-${notification.id}`,
    serverId,
    read: false,
    type: notification.type,
    message,
    level: typeof level === 'string' && LEVELS.has(level) ? (level as NotificationLevel) : undefined,
    runId: typeof runId === 'string' && runId !== '' ? runId : typeof runId === 'number' ? String(runId) : undefined,
    receivedAt: notification.receivedAt,
  };
}

/** A stored notification as a row of the list. */
export function fromStored(note: StoredNotification): NotificationItem {
  return {
    key: note.id,
    serverId: note.id,
    type: note.type,
    message: note.message,
    level: note.level ?? undefined,
    runId: note.runId ?? undefined,
    receivedAt: Date.parse(note.createdAt),
    read: note.read,
  };
}

export interface LiveStoreDeps {
  connection: LiveConnection;
  /** The notifications kept on the server; without it the list lives in this tab only. */
  notifications?: NotificationsApi;
  isAuthenticated: () => boolean;
  /** Shows a destructive toast. */
  showError: (message: string) => void;
}

export class LiveStore {
  state: LiveState = 'disconnected';
  /** Newest first, at most 100. */
  notifications: NotificationItem[] = [];
  private readonly runListeners = new Set<(event: RunEvent) => void>();
  private readonly activityListeners = new Set<(activity: Activity) => void>();

  constructor(private readonly deps: LiveStoreDeps) {
    makeObservable(this, {
      state: observable,
      notifications: observableRef,
      unreadCount: computed,
      live: computed,
      receive: action,
      markAllRead: action,
      markRead: action,
      merge: action,
      setState: action,
      clear: action,
    });
  }

  get unreadCount(): number {
    let count = 0;
    for (const item of this.notifications) if (!item.read) count += 1;
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
    // A row already listed (loaded while its live message was on its way) is not listed twice.
    if (item && !this.notifications.some((known) => known.key === item.key)) {
      this.notifications = [item, ...this.notifications].slice(0, LIVE_SOCKET.maxNotifications);
    }
  }

  /** The stored list joined with what arrived live meanwhile, newest first. */
  merge(stored: readonly StoredNotification[]): void {
    const rows = stored.map(fromStored);
    const listed = new Set(rows.map((row) => row.key));
    const liveOnly = this.notifications.filter((item) => !listed.has(item.key));
    this.notifications = [...liveOnly, ...rows].sort((a, b) => b.receivedAt - a.receivedAt).slice(0, LIVE_SOCKET.maxNotifications);
  }

  /** Reads the list kept on the server (on sign-in; a failure leaves the live list as it is). */
  async load(): Promise<void> {
    const api = this.deps.notifications;
    if (!api) return;
    try {
      const { data } = await api.list();
      if (this.deps.isAuthenticated()) this.merge(data);
    } catch {
      // The bell still lists what arrives live; the next sign-in or reload reads the list again.
    }
  }

  markAllRead(): void {
    if (this.unreadCount === 0) return;
    this.notifications = this.notifications.map((item) => (item.read ? item : { ...item, read: true }));
    void this.deps.notifications?.markAll().catch(() => this.failedToMark());
  }

  /** Marks one row read or unread, here and on the server. */
  markRead(key: string, read: boolean): void {
    const item = this.notifications.find((row) => row.key === key);
    if (!item || item.read === read) return;
    this.notifications = this.notifications.map((row) => (row.key === key ? { ...row, read } : row));
    if (item.serverId) void this.deps.notifications?.mark(item.serverId, read).catch(() => this.failedToMark());
  }

  private failedToMark(): void {
    this.deps.showError('The notifications’ read state could not be saved');
    void this.load();
  }

  setState(state: LiveState): void {
    this.state = state;
  }

  clear(): void {
    this.notifications = [];
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
        void this.load();
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
  notifications: notificationsApi,
});
