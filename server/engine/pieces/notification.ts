/**
 * The Notification piece's send_notification: a message to the run owner's open app tabs, through the
 * live hub the server passes in (the piece knows nothing of sockets).
 */
import { isBlankValue } from '../../../src/domain/pieces/index.ts';
import type { PieceAction } from '../execute-flow.ts';

export const MAX_NOTIFICATION_LENGTH = 2000;
const LEVELS = ['info', 'success', 'warning', 'error'] as const;

export type NotifyUser = (userId: string, message: { type: string; data: { message: string } & Record<string, unknown> }) => Promise<void>;

function readMessage(value: unknown): string {
  // A lone reference may resolve to a number or a flag; those read naturally as text.
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  if (text === undefined && !isBlankValue(value)) throw new Error('The message must be text');
  if (!text) throw new Error('Enter a message');
  if (text.length > MAX_NOTIFICATION_LENGTH) throw new Error(`A notification message can be at most ${MAX_NOTIFICATION_LENGTH} characters`);
  return text;
}

function readLevel(value: unknown): (typeof LEVELS)[number] {
  if (isBlankValue(value)) return 'info';
  const level = LEVELS.find((candidate) => typeof value === 'string' && candidate === value.trim().toLowerCase());
  if (!level) throw new Error(`Choose a level: ${LEVELS.join(', ')}`);
  return level;
}

export function createNotificationAction(notifyUser: NotifyUser): PieceAction {
  return async (input, context) => {
    const message = readMessage(input.message);
    const level = readLevel(input.level);
    await notifyUser(context.userId, {
      type: 'notification',
      data: { message, level, ...(context.flowId ? { flowId: context.flowId } : {}), ...(context.runId ? { runId: context.runId } : {}) },
    });
    return { sent: true, message, level };
  };
}
