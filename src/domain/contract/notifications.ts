/**
 * Notifications kept on the server (issue 17): the bell's list (the newest 100 per user), each with its
 * read state, marked read or unread one at a time or all at once. New ones still arrive on the live
 * socket, their `data.notificationId` naming the stored row.
 */
import * as z from 'zod/mini';

/** How many notifications a user keeps (SPEC §4: the list of the 100 newest). */
export const NOTIFICATIONS_KEPT = 100;
export const NOTIFICATION_LEVELS = ['error', 'warning', 'success', 'info'] as const;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  level: z.nullable(z.enum(NOTIFICATION_LEVELS)),
  runId: z.nullable(z.string()),
  flowId: z.nullable(z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type StoredNotification = z.output<typeof notificationSchema>;

/** GET /notifications: newest first. */
export const notificationListSchema = z.object({ data: z.array(notificationSchema), unread: z.number() });
export type NotificationList = z.output<typeof notificationListSchema>;

/** PUT /notifications/:id */
export const markNotificationBodySchema = z.object({ read: z.boolean({ error: 'Say read: true or false' }) });

/** POST /notifications/read-all: how many were unread. */
export const markedAllSchema = z.object({ updated: z.number() });
