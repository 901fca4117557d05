/**
 * A notification for the bell, kept and sent (issue 17): stored first (so a reload lists it, read state
 * and all), then pushed on the live connection with `notificationId` naming the stored row. A message with
 * no text (run_progress, activity) is not for the bell: only sent. Never rejects, as the hub does not.
 */
import type { Database } from '../db/database.ts';
import type { LiveHub, LiveMessage } from '../live/live-hub.ts';
import { NOTIFICATION_LEVELS } from '../../src/domain/contract/notifications.ts';
import { storeNotification } from './store.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const levelOf = (value: unknown) => (NOTIFICATION_LEVELS as readonly unknown[]).includes(value) ? (value as (typeof NOTIFICATION_LEVELS)[number]) : null;

export function keptNotifier(db: Database, hub: Pick<LiveHub, 'notifyUser'>, log: (message: string, error: unknown) => void) {
  return async (userId: string, message: LiveMessage): Promise<void> => {
    if (!message.data.message) return hub.notifyUser(userId, message);
    try {
      const stored = await storeNotification(db, {
        userId,
        type: message.type,
        message: message.data.message,
        level: levelOf(message.data.level),
        runId: text(message.data.runId),
        flowId: text(message.data.flowId),
      });
      return hub.notifyUser(userId, stored ? { ...message, data: { ...message.data, notificationId: stored.id } } : message);
    } catch (error) {
      log('Keeping a notification failed', error);
      return hub.notifyUser(userId, message);
    }
  };
}
