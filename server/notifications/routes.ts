/** GET /notifications, PUT /notifications/{id}, POST /notifications/read-all (issue 17): see store.ts. */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { markNotificationBodySchema } from '../../src/domain/contract/notifications.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { ApiError } from '../shared/api-error.ts';
import { listNotifications, markAllNotificationsRead, markNotification } from './store.ts';

export const notificationNotFound = (): ApiError => new ApiError(404, 'ENTITY_NOT_FOUND', 'Notification not found');

export function notificationRoutes({ db, authenticator }: { db: Database; authenticator: Authenticator }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/notifications', async (request) => {
      const user = await authenticator.userFromRequest(request);
      return listNotifications(db, user.id);
    });

    app.put('/notifications/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const { read } = parse(markNotificationBodySchema, request.body);
      const marked = await markNotification(db, user.id, id, read);
      if (!marked) throw notificationNotFound();
      return marked;
    });

    app.post('/notifications/read-all', async (request) => {
      const user = await authenticator.userFromRequest(request);
      return { updated: await markAllNotificationsRead(db, user.id) };
    });
  };
}
