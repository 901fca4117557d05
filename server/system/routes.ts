/**
 * GET /api/system: the System screen's one call (read-only). Everything comes from the configuration
 * this process was started with and from the database now; the database's address never leaves the
 * server, only its kind.
 */
import type { FastifyInstance } from 'fastify';
import { WORKER_SEEN_WITHIN_SECONDS, type SystemInfo } from '../../src/domain/contract/system.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { EngineSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import { iso } from '../db/stored-values.ts';
import { runsToday } from '../runs/start-run.ts';
import { APP_VERSION } from './app-version.ts';
import { engineLimitsOf, utcDay } from './engine-limits.ts';
import { databaseVersion, queueCounts, recentWorkerProcesses } from './repository.ts';

export interface SystemDependencies {
  db: Database;
  authenticator: Authenticator;
  settings: EngineSettings;
  /** This process's worker id when it runs workers (its heartbeat row), else undefined. */
  workerId: string | undefined;
}

export function systemRoutes({ db, authenticator, settings, workerId }: SystemDependencies) {
  const limits = engineLimitsOf(settings);
  let version: Promise<string> | undefined;

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/system', async (request): Promise<SystemInfo> => {
      const user = await authenticator.userFromRequest(request);
      // The version cannot change while the process runs; a failed read is tried again next time.
      version ??= databaseVersion(db).catch((error: unknown) => {
        version = undefined;
        throw error;
      });
      const [used, queue, processes, databaseVersionText] = await Promise.all([
        runsToday(db, user.id),
        queueCounts(db, user.id),
        recentWorkerProcesses(db, WORKER_SEEN_WITHIN_SECONDS),
        version,
      ]);
      return {
        version: APP_VERSION,
        database: { kind: db.kind === 'postgres' ? 'postgresql' : 'embedded', version: databaseVersionText },
        limits,
        quota: { daily: settings.dailyQuota, usedToday: used, resetsAt: utcDay().end.toISOString() },
        queue: {
          mine: { waiting: queue.mine_waiting, running: queue.mine_running },
          all: { waiting: queue.all_waiting, running: queue.all_running },
        },
        workers: {
          enabledHere: workerId !== undefined,
          processes: processes.map((row) => ({
            id: row.id,
            current: row.id === workerId,
            appVersion: row.app_version,
            workerSlots: row.worker_slots,
            running: row.running,
            startedAt: iso(row.started_at),
            lastSeen: iso(row.last_seen),
          })),
        },
        checkedAt: new Date().toISOString(),
      };
    });
  };
}
