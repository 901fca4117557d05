/**
 * The Webhook trigger: every workflow has a secret URL, /api/webhooks/{secret}. A request there (any
 * method, JSON, form or text body) starts a run of the published version when the workflow is enabled
 * and its trigger is the webhook, with the request as the trigger's output; it also becomes the
 * trigger's sample data, so the editor's references can be built from a real request. Answers 202 with
 * the run's id. No sign-in: the secret is the credential, so every refusal looks the same (404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bucketKey, rateLimitHitSql, rateLimitOutcome, tooManyAttempts } from '../auth/rate-limit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../shared/api-error.ts';
import { MAX_JSON_DEPTH } from '../../src/domain/index.ts';
import { WEBHOOK_SECRET_PATTERN } from '../../src/domain/contract/index.ts';
import type { Runs } from './runs.ts';
import { quotaExceeded } from './errors.ts';

export const WEBHOOK_PIECE = '@activepieces/piece-webhook';
/** Headers that belong to the caller's browser session, never to the workflow. */
const DROPPED_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

const noListener = () => new ApiError(404, 'FLOW_NOT_FOUND', 'No enabled workflow listens at this address');

export async function webhookUrl(db: Queryable, userId: string, flowId: string, appUrl: string): Promise<string | undefined> {
  const { rows } = await db.query<{ webhook_secret: string }>(`SELECT webhook_secret FROM flows WHERE id = $1 AND user_id = $2`, [flowId, userId]);
  return rows[0] ? `${appUrl}/api/webhooks/${rows[0].webhook_secret}` : undefined;
}

function triggerOutput(request: FastifyRequest): Record<string, unknown> {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !DROPPED_HEADERS.has(name)));
  return { method: request.method, headers, query: request.query ?? {}, body: request.body ?? null };
}

export function webhookRoutes({ db, runs, perMinute }: { db: Database; runs: Pick<Runs, 'start'>; perMinute: number }) {
  return async function register(app: FastifyInstance): Promise<void> {
    // Only inside this plugin: callers send whatever their service sends.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));

    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/webhooks/:secret',
      // The body becomes the trigger output's `body`: one level under the limit every run value keeps.
      config: { jsonDepth: MAX_JSON_DEPTH - 1 },
      handler: async (request, reply) => {
        const secret = (request.params as { secret?: unknown }).secret;
        if (typeof secret !== 'string' || !WEBHOOK_SECRET_PATTERN.test(secret)) throw noListener();
        // The listening workflow and its call counted, in one statement: counted per listening workflow
        // only, so random secrets cannot fill the counters' table.
        const { rows } = await db.query<{ id: string; user_id: string; version_id: string; count: number | null; seconds_left: number | null }>(
          `WITH listening AS (
             SELECT f.id, f.user_id, f.published_version_id AS version_id
             FROM flows f JOIN flow_versions v ON v.id = f.published_version_id
             WHERE f.webhook_secret = $1 AND f.status = 'ENABLED' AND v.content -> 'trigger' -> 'settings' ->> 'pieceName' = $2
           ), hit AS (${rateLimitHitSql('$3', '$4::float8', 'listening')})
           SELECT l.id, l.user_id, l.version_id, hit.count, hit.seconds_left FROM listening l LEFT JOIN hit ON true`,
          [secret, WEBHOOK_PIECE, bucketKey('webhook', secret), 60],
        );
        const flow = rows[0];
        if (!flow) throw noListener();
        const hit = flow.count === null || flow.seconds_left === null ? null : rateLimitOutcome({ count: flow.count, seconds_left: flow.seconds_left }, { max: perMinute, windowMs: 60_000 });
        if (hit && !hit.allowed) throw tooManyAttempts(hit.retryAfterSeconds);
        const payload = triggerOutput(request);
        // Queued, the request is also kept as the trigger's sample, in the same statement; a call refused
        // for the quota changes nothing, not even the sample.
        const started = await runs.start({ flowId: flow.id, versionId: flow.version_id, userId: flow.user_id, payload, triggerSample: true, startedBy: 'webhook' });
        if (!started.queued) throw quotaExceeded();
        return reply.code(202).send({ runId: started.runId });
      },
    });
  };
}
