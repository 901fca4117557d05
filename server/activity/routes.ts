/**
 * GET /api/analytics/activity/recent (SPEC §3 activity feed, §7): the signed-in user's own entries,
 * newest first; `limit` (default 50, at most 200) and `activity_types` (comma-separated) as the
 * contract's query schema parses them, bad values a 400 VALIDATION naming the parameter.
 */
import type { FastifyInstance } from 'fastify';
import { recentActivityQuerySchema, type RecentActivity } from '../../src/domain/contract/index.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { parse } from '../http/validate.ts';
import { toActivityDto } from './recording.ts';
import { recentActivities } from './repository.ts';

export interface ActivityDependencies {
  db: Database;
  authenticator: Authenticator;
}

export function activityRoutes({ db, authenticator }: ActivityDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/analytics/activity/recent', async (request): Promise<RecentActivity> => {
      const user = await authenticator.userFromRequest(request);
      const query = parse(recentActivityQuerySchema, request.query);
      const rows = await recentActivities(db, user.id, query.limit, query.activity_types);
      return { activities: rows.map(toActivityDto) };
    });
  };
}
