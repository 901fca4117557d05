/**
 * The Webhook trigger: every workflow has a secret URL, /api/webhooks/{secret}. A request there (any
 * method, JSON, form or text body) starts a run of the published version when the workflow is enabled
 * and its trigger is the webhook, with the request as the trigger's output; it also becomes the
 * trigger's sample data, so the editor's references can be built from a real request. Answers 202 with
 * the run's id. No sign-in: the secret is the credential, so every refusal looks the same (404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bucketKey, enforceRateLimits } from '../auth/rate-limit.ts';
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
        const { rows } = await db.query<{ id: string; user_id: string; version_id: string | null; status: string; piece: string | null }>(
          `SELECT f.id, f.user_id, f.published_version_id AS version_id, f.status, v.content -> 'trigger' -> 'settings' ->> 'pieceName' AS piece
           FROM flows f LEFT JOIN flow_versions v ON v.id = f.published_version_id WHERE f.webhook_secret = $1`,
          [secret],
        );
        const flow = rows[0];
        if (!flow || flow.status !== 'ENABLED' || !flow.version_id || flow.piece !== WEBHOOK_PIECE) throw noListener();
        // Counted per listening workflow only, so random secrets cannot fill the counters' table.
        await enforceRateLimits(db, [{ bucket: bucketKey('webhook', secret), rule: { max: perMinute, windowMs: 60_000 } }]);
        const payload = triggerOutput(request);
        // Queued, the request is also kept as the trigger's sample, in the same statement; a call refused
        // for the quota changes nothing, not even the sample.
        const started = await runs.start({ flowId: flow.id, versionId: flow.version_id, userId: flow.user_id, payload, triggerSample: true });
        if (!started.queued) throw quotaExceeded();
        return reply.code(202).send({ runId: started.runId });
      },
    });
  };
}
