/**
 * The Idempotency-Key header on the POSTs that create (src/domain/contract/idempotency.ts lists them).
 * Hooks around those routes, so no handler knows about it:
 *
 * - preHandler: the caller is authenticated first (a refused caller claims nothing), the key checked
 *   (400), then claimed for the user. A key already claimed answers at once: the stored answer when the
 *   request is the same (method, path and body) with `Idempotent-Replayed: true`, 422 when it is another
 *   request, 409 while the first is still running.
 * - onSend: a 2xx answer is stored with the claim; anything else gives the claim back, so a refusal or a
 *   failure can be retried with the same key.
 * - onResponse: a claim still held (the reply failed before onSend) is given back.
 *
 * The body is fingerprinted as the route received it: the bytes for a flow file (flow-body routes keep
 * them), else the parsed JSON as text (its depth is bounded by the body parser, so stringifying is safe).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  MALFORMED_IDEMPOTENCY_KEY_MESSAGE,
} from '../../src/domain/contract/idempotency.ts';
import { contractRoutes } from '../../src/domain/contract/routes.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../shared/api-error.ts';
import { claimKey, findAnswer, releaseClaim, storeAnswer, takeOverStaleClaim } from './repository.ts';

/** A claim unanswered this long belongs to a request that died (a process killed mid-request). */
const STALE_CLAIM_SECONDS = 5 * 60;
// The contract marks the creating POSTs (`idempotent: true`); the OpenAPI document reads the same flag.
const ROUTES = new Set(contractRoutes.filter((route) => 'idempotent' in route && route.idempotent).map((route) => `${route.method} /api${route.path}`));

interface HeldClaim {
  userId: string;
  key: string;
  claim: string;
  settled: boolean;
}

const malformedKey = () =>
  new ApiError(400, 'VALIDATION', MALFORMED_IDEMPOTENCY_KEY_MESSAGE, { errors: { 'Idempotency-Key': [MALFORMED_IDEMPOTENCY_KEY_MESSAGE] } });
const keyReused = () => new ApiError(422, 'VALIDATION', IDEMPOTENCY_KEY_REUSED_MESSAGE);
const keyInFlight = () => new ApiError(409, 'VALIDATION', IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, { headers: { 'retry-after': '1' } });

export function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (body !== undefined) hash.update(JSON.stringify(body));
  return hash.digest('hex');
}

function isIdempotentRoute(request: FastifyRequest): boolean {
  return ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

export function installIdempotency(app: FastifyInstance, { db, authenticator }: { db: Database; authenticator: Authenticator }): void {
  const held = new WeakMap<FastifyRequest, HeldClaim>();

  async function release(claim: HeldClaim, log: FastifyBaseLogger): Promise<void> {
    if (claim.settled) return;
    claim.settled = true;
    await releaseClaim(db, claim.userId, claim.key, claim.claim).catch((error: unknown) => log.error({ err: error }, 'Could not release an idempotency key'));
  }

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !isIdempotentRoute(request)) return;
    const { user } = await authenticator.callerFromRequest(request);
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!IDEMPOTENCY_KEY_PATTERN.test(key) || key.trim() === '') throw malformedKey();
    const fingerprint = fingerprintOf(request);
    const claim = randomUUID();
    if (await claimKey(db, user.id, key, fingerprint, claim)) {
      held.set(request, { userId: user.id, key, claim, settled: false });
      return;
    }
    const stored = await findAnswer(db, user.id, key, STALE_CLAIM_SECONDS);
    // Pruned between the insert and the read: rare enough to ask for a retry.
    if (!stored) throw keyInFlight();
    if (stored.fingerprint !== fingerprint) throw keyReused();
    if (stored.status === null) {
      if (stored.stale && (await takeOverStaleClaim(db, user.id, key, claim, STALE_CLAIM_SECONDS))) {
        held.set(request, { userId: user.id, key, claim, settled: false });
        return;
      }
      throw keyInFlight();
    }
    const body = stored.body ? Buffer.from(stored.body.buffer, stored.body.byteOffset, stored.body.byteLength) : Buffer.alloc(0);
    reply.code(stored.status).header('idempotent-replayed', 'true');
    if (stored.content_type) reply.type(stored.content_type);
    return reply.send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = held.get(request);
    if (!claim || claim.settled) return payload;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    if (!ok || !body) {
      await release(claim, request.log);
      return payload;
    }
    claim.settled = true;
    const contentType = reply.getHeader('content-type');
    try {
      await storeAnswer(db, claim.userId, claim.key, claim.claim, {
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body,
      });
    } catch (error) {
      // The thing was created: answer it. Only a retry loses, creating again.
      request.log.error({ err: error }, 'Could not store an idempotent answer');
      claim.settled = false;
      await release(claim, request.log);
    }
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    const claim = held.get(request);
    if (claim) await release(claim, request.log);
  });
}
