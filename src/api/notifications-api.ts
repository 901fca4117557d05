/**
 * The bell's notifications kept on the server (issue 17): the newest 100 with their read state, and
 * marking them read or unread. Replies are checked with zod at this trust boundary.
 */
import { markedAllSchema, notificationListSchema, notificationSchema, type NotificationList, type StoredNotification } from '../domain/contract/notifications.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export type { NotificationList, StoredNotification } from '../domain/contract/notifications.ts';

export interface NotificationsApi {
  list(): Promise<NotificationList>;
  mark(id: string, read: boolean): Promise<StoredNotification>;
  markAll(): Promise<number>;
}

export function createNotificationsApi(http: HttpClient): NotificationsApi {
  return {
    async list() {
      return notificationListSchema.parse(await http.request('/notifications'));
    },
    async mark(id, read) {
      return notificationSchema.parse(await http.request(`/notifications/${encodeURIComponent(id)}`, { method: 'PUT', body: { read } }));
    },
    async markAll() {
      return markedAllSchema.parse(await http.request('/notifications/read-all', { method: 'POST' })).updated;
    },
  };
}

export const notificationsApi = createNotificationsApi(authenticatedClient);
