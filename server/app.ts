/**
 * Builds the whole server from explicit options: the database (migrated), the auth API, the WebSocket,
 * and the SPA. Nothing is read from the environment here; `main.ts` does that, tests pass values.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics/routes.ts';
import { createAccessTokens } from './auth/access-tokens.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import type { AuthDependencies } from './auth/dependencies.ts';
import { createGoogleVerifier } from './auth/google.ts';
import { passwordRoutes } from './auth/password-routes.ts';
import { profileRoutes } from './auth/profile-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { verificationStandIn } from './auth/passwords.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { MIGRATIONS } from './db/migrations/list.ts';
import { openDatabase } from './db/open.ts';
import { tightenDataDir } from './files/private-files.ts';
import { scrubLegacySecrets } from './secrets/legacy-secrets.ts';
import { loadServerSecrets } from './secrets/server-secrets.ts';
import { pruneExpiredRows, vacuumEmbedded } from './db/prune.ts';
import { pruneRuns } from './runs/retention.ts';
import { answerFrameworkError, installErrorHandler } from './http/errors.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { loggerOptions } from './http/logging.ts';
import { createLiveHub, type LiveHub } from './live/live-hub.ts';
import { registerWebSocket } from './live/websocket.ts';
import { registerSpa } from './http/spa.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createEngine, type Engine } from './engine/engine.ts';
import { engineRoutes } from './engine/routes.ts';
import { templateRoutes } from './templates/routes.ts';
import { variableRoutes } from './variables/routes.ts';
import { folderRoutes } from './folders/routes.ts';
import { connectionRoutes } from './connections/routes.ts';
import { runRoutes } from './runs/run-routes.ts';
import { runStartRoutes } from './runs/routes.ts';
import { retryRoutes } from './runs/retry-routes.ts';
import { keptNotifier } from './notifications/notify.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { createRuns, type Runs } from './runs/runs.ts';
import { webhookRoutes } from './runs/webhook-routes.ts';
import { workflowsForRuns } from './workflows/runs-port.ts';
import { workflowRoutes } from './workflows/routes.ts';
import { versionRoutes } from './workflows/version-routes.ts';
import { flowBodyRoutes } from './workflows/flow-body-routes.ts';
import { VersionTexts } from './workflows/version-texts.ts';
import { activityMessage, type AnnounceActivity } from './activity/recording.ts';
import { activityRoutes } from './activity/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { APP_VERSION } from './system/app-version.ts';
import { startHeartbeat, type Heartbeat } from './system/heartbeat.ts';
import { systemRoutes } from './system/routes.ts';
import { createApiKeyVerifier } from './api-keys/key-auth.ts';
import { installApiKeyGuard } from './api-keys/key-guard.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { installIdempotency } from './idempotency/idempotency.ts';
import { accountRoutes } from './account/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';

export const BODY_LIMIT = 1024 * 1024;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Everything of `Config` but where to listen, plus a schema for tests that share one PostgreSQL. */
export type ServerOptions = Omit<Config, 'port' | 'host'> & {
  /** PostgreSQL only: the (existing) schema every connection uses. */
  databaseSchema?: string | undefined;
  /** Where log lines go instead of stdout (tests read them to prove secrets stay out). */
  logStream?: { write(line: string): void } | undefined;
};

export interface FlowsmithServer {
  app: FastifyInstance;
  db: Database;
  mailer: Mailer;
  /** Live notifications to a user's sockets in every server process. */
  hub: LiveHub;
  /** Stops accepting requests, finishes queued mail, closes the database. Safe to call twice. */
  close(): Promise<void>;
}

export async function createServer(options: ServerOptions): Promise<FlowsmithServer> {
  const app = Fastify({
    logger: { ...loggerOptions(options.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy,
    frameworkErrors: answerFrameworkError,
  });
  // Owner-only before anything is written into it; an older install's world-readable files are fixed too.
  const keepDataDirPrivate = async () => {
    const failed = await tightenDataDir(options.dataDir);
    if (failed.length > 0) app.log.warn({ count: failed.length, first: failed[0] }, 'Could not make DATA_DIR entries owner-only');
  };
  await keepDataDirPrivate();
  const db = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    databaseSchema: options.databaseSchema,
    onIdleError: (error) => app.log.error({ err: error }, 'Idle database connection failed'),
  });
  const mailer = createMailer({
    from: options.mailFrom,
    smtpUrl: options.smtpUrl,
    outboxDir: join(options.dataDir, 'outbox'),
    log: app.log,
  });
  let hub: LiveHub | undefined;

  let engine: Engine | undefined;
  let runs: Runs | undefined;
  // A process that runs workers is listed on the System screen by its heartbeat (server/system).
  const workerId = options.engine.workersEnabled ? `worker-${randomUUID()}` : undefined;
  let heartbeat: Heartbeat | undefined;

  try {
    // Read before migrating: migration 005 deletes the secrets older installs kept in the database.
    const secrets = await loadServerSecrets(db, options, app.log);
    const applied = await migrate(db, MIGRATIONS);
    if (applied.length > 0) app.log.info({ applied }, 'Database migrated');
    if (secrets.legacyFound) {
      await scrubLegacySecrets(db).catch((error: unknown) => app.log.warn({ err: error }, 'Could not compact app_settings'));
    }
    hub = await createLiveHub(db, app.log);
    await verificationStandIn();
    const accessTokens = createAccessTokens(secrets.jwtSecret);
    const authenticator = createAuthenticator(db, accessTokens, createApiKeyVerifier({ db, perMinute: options.apiKeyPerMinute }));
    const deps: AuthDependencies = {
      db,
      accessTokens,
      authenticator,
      mailer,
      hub,
      google: options.googleClientId ? createGoogleVerifier(options.googleClientId, options.googleJwksUrl) : undefined,
      appUrl: options.appUrl,
      rateLimits: options.rateLimits,
      refreshReuseGraceSeconds: options.refreshReuseGraceSeconds,
    };

    installErrorHandler(app);
    installJsonBodyParser(app);
    // Before any route: a key is refused on sign-in, account and key calls before their body is read,
    // and the creating POSTs take an Idempotency-Key.
    installApiKeyGuard(app);
    installIdempotency(app, { db, authenticator });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
    });
    app.get('/api/health', async () => ({ ok: true }));
    await app.register(openApiRoutes(), { prefix: '/api' });
    await app.register(authRoutes(deps), { prefix: '/api/auth' });
    await app.register(passwordRoutes(deps), { prefix: '/api/auth' });
    await app.register(profileRoutes(authenticator), { prefix: '/api' });
    const liveHub = hub;
    const workflows = workflowsForRuns(db);
    // Issue 17: what a Send notification step says is kept for the bell as well as sent.
    const notifyKept = keptNotifier(db, liveHub, (message, error) => app.log.error({ err: error }, message));
    engine = createEngine({ db, readVersion: workflows.readVersion, notifyUser: notifyKept, settings: options.engine, valuesCipher: secrets.valuesCipher });
    // An activity entry just recorded reaches the owner's open dashboards (notifyUser never rejects).
    const announceActivity: AnnounceActivity = (userId, activity) => void liveHub.notifyUser(userId, activityMessage(activity));
    runs = await createRuns({ db, hub, engine, workflows, settings: options.engine, log: app.log, announceActivity, workerId });
    if (workerId) {
      heartbeat = await startHeartbeat({
        db,
        id: workerId,
        appVersion: APP_VERSION,
        workerSlots: options.engine.concurrency,
        log: (message, error) => app.log.warn({ err: error }, message),
      });
    }
    const startedRuns = runs;
    // Publishing, enabling or deleting a workflow may add or remove a schedule.
    const services = { db, authenticator, onFlowsChanged: () => startedRuns.flowsChanged(), announceActivity, versionTexts: new VersionTexts() };
    await app.register(workflowRoutes(services), { prefix: '/api' });
    await app.register(versionRoutes(services), { prefix: '/api' });
    await app.register(flowBodyRoutes(services), { prefix: '/api' });
    await app.register(runRoutes({ db, authenticator, workflows, scheduleMinIntervalMs: options.engine.scheduleMinIntervalMs }), { prefix: '/api' });
    await app.register(variableRoutes({ ...services, cipher: secrets.valuesCipher }), { prefix: '/api' });
    await app.register(folderRoutes({ db, authenticator }), { prefix: '/api' });
    await app.register(templateRoutes(services), { prefix: '/api' });
    await app.register(runStartRoutes({ db, authenticator, runs, workflows, appUrl: options.appUrl }), { prefix: '/api' });
    await app.register(retryRoutes({ db, authenticator, runs, workflows }), { prefix: '/api' });
    await app.register(engineRoutes({ db, authenticator, engine, workflows }), { prefix: '/api' });
    await app.register(analyticsRoutes({ db, authenticator }), { prefix: '/api' });
    await app.register(webhookRoutes({ db, runs, perMinute: options.engine.webhookPerMinute }), { prefix: '/api' });
    await app.register(activityRoutes({ db, authenticator }), { prefix: '/api' });
    await app.register(notificationRoutes({ db, authenticator }), { prefix: '/api' });
    await app.register(systemRoutes({ db, authenticator, settings: options.engine, workerId }), { prefix: '/api' });
    await app.register(billingRoutes({ db, authenticator, settings: options.engine }), { prefix: '/api' });
    await app.register(apiKeyRoutes({ db, authenticator, passwordLimit: options.accountPasswordLimit }), { prefix: '/api' });
    // A deleted account's workflows are gone: its schedules stop and its runs going on are abandoned.
    await app.register(
      accountRoutes({
        db,
        authenticator,
        accessTokens,
        mailer,
        hub,
        appUrl: options.appUrl,
        passwordLimit: options.accountPasswordLimit,
        rateLimits: options.rateLimits,
        onAccountDeleted: () => startedRuns.flowsChanged(),
      }),
      { prefix: '/api' },
    );
    await app.register(connectionRoutes({ db, authenticator, cipher: secrets.valuesCipher, engine }), { prefix: '/api' });
    await registerWebSocket(app, {
      authenticate: async (token) => {
        const { user, sessionId } = await authenticator.sessionFromToken(token);
        return { id: user.id, sessionId };
      },
      ownsWorkflow: async (userId, workflowId) =>
        (await db.query('SELECT 1 FROM flows WHERE id = $1 AND user_id = $2', [workflowId, userId])).rows.length > 0,
      pingIntervalMs: options.wsPingIntervalMs,
      authTimeoutMs: options.wsAuthTimeoutMs,
      hub,
    });
    await registerSpa(app, { distDir: options.distDir, googleClientId: options.googleClientId });
    await app.ready();
    // PGlite writes some files at start with modes of its own (pg_internal.init 0644).
    await keepDataDirPrivate();
  } catch (error) {
    await app.close().catch(() => undefined);
    await heartbeat?.stop();
    await runs?.close();
    await engine?.close();
    await hub?.close();
    await db.close();
    throw error;
  }

  const longestWindowMs = Math.max(...Object.values(options.rateLimits).map((rule) => rule.windowMs), options.accountPasswordLimit.windowMs);
  // Run retention (server/runs/retention.ts): batches with pauses, one pass at a time, stopped on close.
  const retention = new AbortController();
  let pruningRuns: Promise<unknown> | null = null;
  const pruneOldRuns = () => {
    pruningRuns ??= pruneRuns(db, { ...options.runRetention, keepToday: options.engine.dailyQuota > 0 }, { signal: retention.signal })
      .catch((error: unknown) => app.log.error({ err: error }, 'Pruning old runs failed'))
      .finally(() => (pruningRuns = null));
    return pruningRuns;
  };
  const prune = () => {
    void pruneOldRuns();
    return Promise.all([
      pruneExpiredRows(db, longestWindowMs, options.activityRetentionDays)
        .then(() => vacuumEmbedded(db))
        .catch((error: unknown) => app.log.error({ err: error }, 'Pruning failed')),
      keepDataDirPrivate().catch((error: unknown) => app.log.warn({ err: error }, 'Tightening DATA_DIR failed')),
    ]);
  };
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  const runningEngine = engine!;
  const runningRuns = runs!;
  let closing: Promise<void> | undefined;
  return {
    app,
    db,
    mailer,
    hub,
    close() {
      closing ??= (async () => {
        clearInterval(pruneTimer);
        retention.abort();
        await pruningRuns;
        await app.close();
        // Runs first: the ones going on still need the engine to end and be recorded.
        await runningRuns.close();
        await heartbeat?.stop();
        await runningEngine.close();
        await mailer.whenIdle();
        await hub.close();
        await db.close();
        await keepDataDirPrivate().catch(() => undefined);
      })();
      return closing;
    },
  };
}
