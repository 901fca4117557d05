/**
 * The analytics calls (SPEC §7) but /analytics/activity/recent (server/activity): signed-in, the user's
 * own data, queries parsed with the contract's schemas, the caller's X-Timezone for buckets.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bucketsQuerySchema, periodQuerySchema, topPerformingQuerySchema } from '../../src/domain/contract/requests.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { parse } from '../http/validate.ts';
import { validationError } from '../shared/api-error.ts';
import { errorAnalysis } from './errors.ts';
import { dashboardOverview, executionsOverview, executionsPerformance, executionsTimeline } from './executions.ts';
import { timeZoneOf } from './period.ts';
import { creationTrends, pieceUsage, topPerforming, workflowsOverview } from './workflows.ts';

export interface AnalyticsDependencies {
  db: Database;
  authenticator: Authenticator;
}

const overviewQuery = periodQuerySchema('30d');
const sevenDaysQuery = periodQuerySchema('7d');
const creationQuery = bucketsQuerySchema('30d', 'day');
const timelineQuery = bucketsQuerySchema('7d', 'hour');

/** A zone Intl knows but PostgreSQL does not (their tz databases differ in age): the caller's 400 too. */
async function inZone<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    if (code === '22023' && /time zone/i.test(String((error as Error).message))) {
      throw validationError({ 'X-Timezone': ['Use an IANA time zone name such as Europe/Berlin'] });
    }
    throw error;
  }
}

export function analyticsRoutes({ db, authenticator }: AnalyticsDependencies) {
  /** The signed-in user and the caller's zone, checked before the query so every call refuses a bad zone alike. */
  async function caller(request: FastifyRequest) {
    const user = await authenticator.userFromRequest(request);
    return { userId: user.id, timezone: timeZoneOf(request.headers['x-timezone']), now: new Date() };
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/analytics/dashboard/overview', async (request) => {
      const { userId, now } = await caller(request);
      const { period } = parse(overviewQuery, request.query);
      return dashboardOverview(db, userId, period, now);
    });

    app.get('/analytics/workflows/overview', async (request) => {
      const { userId, now } = await caller(request);
      const { period } = parse(overviewQuery, request.query);
      return workflowsOverview(db, userId, period, now);
    });

    app.get('/analytics/workflows/creation-trends', async (request) => {
      const { userId, timezone, now } = await caller(request);
      const { period, granularity } = parse(creationQuery, request.query);
      return inZone(creationTrends(db, userId, period, granularity, timezone, now));
    });

    app.get('/analytics/workflows/top-performing', async (request) => {
      const { userId, now } = await caller(request);
      const query = parse(topPerformingQuerySchema, request.query);
      return topPerforming(db, userId, query, now);
    });

    app.get('/analytics/workflows/piece-usage', async (request) => {
      const { userId, now } = await caller(request);
      const { period } = parse(overviewQuery, request.query);
      return pieceUsage(db, userId, period, now);
    });

    app.get('/analytics/executions/overview', async (request) => {
      const { userId, now } = await caller(request);
      const { period } = parse(overviewQuery, request.query);
      return executionsOverview(db, userId, period, now);
    });

    app.get('/analytics/executions/timeline', async (request) => {
      const { userId, timezone, now } = await caller(request);
      const { period, granularity } = parse(timelineQuery, request.query);
      return inZone(executionsTimeline(db, userId, period, granularity, timezone, now));
    });

    app.get('/analytics/executions/performance', async (request) => {
      const { userId, now } = await caller(request);
      const { period } = parse(sevenDaysQuery, request.query);
      return executionsPerformance(db, userId, period, now);
    });

    app.get('/analytics/executions/error-analysis', async (request) => {
      const { userId, now } = await caller(request);
      const { period } = parse(overviewQuery, request.query);
      return errorAnalysis(db, userId, period, now);
    });
  };
}
