/**
 * GET /api/system (issue 14): the version from package.json, the database's kind and never its address,
 * the engine limits as configured, the daily quota with today's use, queue depth as counts (the user's
 * and everyone's), and the processes running workers seen in the last minute, from heartbeat rows that
 * each such process writes, removes when it stops, and that pruning deletes.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { pruneExpiredRows } from '../../server/db/prune.ts';
import { startHeartbeat } from '../../server/system/heartbeat.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow } from './flows.ts';
import { code, flowOf, manualTrigger } from './run-flows.ts';

interface SystemInfo {
  version: string;
  database: { kind: string; version: string };
  limits: Record<string, number>;
  quota: { daily: number; usedToday: number; resetsAt: string };
  queue: { mine: { waiting: number; running: number }; all: { waiting: number; running: number } };
  workers: {
    enabledHere: boolean;
    processes: Array<{ id: string; current: boolean; appVersion: string; workerSlots: number; running: number; startedAt: string; lastSeen: string }>;
  };
  checkedAt: string;
}

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const engine = loadConfig({}).engine;

/** Workers off: queued runs stay queued, so the counts can be read as they are. */
let queued: TestServer;
/** Workers on: this process beats. */
let working: TestServer;

beforeAll(async () => {
  queued = await startTestServer({ engine: { ...engine, workersEnabled: false, dailyQuota: 5 } });
  working = await startTestServer({ engine: { ...engine, concurrency: 3 } });
});

afterAll(async () => {
  await queued?.close();
  await working?.close();
});

const system = async (t: TestServer, token: string): Promise<SystemInfo> => {
  const reply = await get(t.app, '/api/system', { token });
  expect(reply.statusCode).toBe(200);
  return reply.json<SystemInfo>();
};

describe('GET /system', () => {
  it('names the version, the database by its kind only, and the configured limits', async () => {
    const { token } = await signedInUser(queued.app);
    const reply = await get(queued.app, '/api/system', { token });
    const info = reply.json<SystemInfo>();
    expect(info.version).toBe(PACKAGE_VERSION);
    expect(info.database.kind).toBe(process.env.DATABASE_URL ? 'postgresql' : 'embedded');
    expect(info.database.version).toMatch(/^\d+(\.\d+)*$/);
    expect(info.limits).toEqual({
      dailyQuota: 5,
      concurrency: engine.concurrency,
      concurrencyPerUser: engine.concurrencyPerUser,
      codeThreads: engine.codeThreads,
      codeTimeoutMs: engine.codeTimeoutMs,
      codeMemoryMb: 64,
      httpTimeoutMs: engine.httpTimeoutMs,
      maxStepDataKb: 2048,
      maxRunDataMb: 8,
      maxLogLines: 2000,
      maxLoopIterations: 10_000,
      maxDelaySeconds: 3600,
      scheduleMinIntervalSeconds: 60,
      webhookPerMinute: 600,
    });
    // Neither the database's address nor the server's paths.
    if (process.env.DATABASE_URL) {
      const url = new URL(process.env.DATABASE_URL);
      expect(reply.body).not.toContain(process.env.DATABASE_URL);
      expect(reply.body).not.toContain(`${url.hostname}:${url.port}`);
    }
    expect(reply.body).not.toContain(queued.tempDir);
    expect(reply.body).not.toContain(queued.options.dataDir);
    expect((await get(queued.app, '/api/system')).statusCode).toBe(401);
  });

  it('counts the day’s runs against the quota and the queue as counts, the user’s and everyone’s', async () => {
    const ada = await signedInUser(queued.app, 'Ada');
    const bob = await signedInUser(queued.app, 'Bob');
    const start = async (token: string, times: number) => {
      const { flow } = await publishedFlow(queued, token, flowOf('Queued', manualTrigger(), [code(1, 'return 1;')]));
      for (let i = 0; i < times; i++) expect((await post(queued.app, `/api/workflow/run/${flow.id}`, undefined, { token })).statusCode).toBe(202);
    };
    await start(ada.token, 3);
    await start(bob.token, 2);
    // One of Ada's is held by a process (as a worker elsewhere would).
    await queued.db.query(
      `UPDATE run_queue SET claimed_by = 'worker-elsewhere', lease_until = now() + interval '1 minute'
       WHERE run_id = (SELECT run_id FROM run_queue WHERE user_id = $1 LIMIT 1)`,
      [ada.id],
    );

    const forAda = await system(queued, ada.token);
    // The held run has no run record here (a real claim opens one), so the day's count sees the two waiting.
    expect(forAda.quota).toMatchObject({ daily: 5, usedToday: 2 });
    expect(new Date(forAda.quota.resetsAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(forAda.quota.resetsAt).getUTCHours()).toBe(0);
    expect(forAda.queue).toEqual({ mine: { waiting: 2, running: 1 }, all: { waiting: 4, running: 1 } });
    const forBob = await system(queued, bob.token);
    expect(forBob.quota.usedToday).toBe(2);
    expect(forBob.queue).toEqual({ mine: { waiting: 2, running: 0 }, all: { waiting: 4, running: 1 } });
    // Counts only: nobody's ids or names.
    expect(JSON.stringify(forBob)).not.toContain(ada.id);
    expect(JSON.stringify(forBob)).not.toContain('Ada');
  });

  it('lists the processes seen in the last minute, with the runs each holds', async () => {
    const { token } = await signedInUser(queued.app);
    const here = await system(queued, token);
    expect(here.workers).toEqual({ enabledHere: false, processes: [] });

    await queued.db.query(
      `INSERT INTO worker_heartbeats (id, app_version, worker_slots, started_at, last_seen) VALUES
         ('worker-elsewhere', '9.9.9', 7, now() - interval '1 hour', now() - interval '5 seconds'),
         ('worker-gone', '0.0.1', 2, now() - interval '2 hours', now() - interval '2 minutes')`,
    );
    const seen = await system(queued, token);
    expect(seen.workers.processes).toEqual([
      { id: 'worker-elsewhere', current: false, appVersion: '9.9.9', workerSlots: 7, running: 1, startedAt: expect.any(String), lastSeen: expect.any(String) },
    ]);
  });

  it('shows the answering process, which beats while it runs and removes its row when it stops', async () => {
    const { token } = await signedInUser(working.app);
    const info = await system(working, token);
    expect(info.workers.enabledHere).toBe(true);
    expect(info.workers.processes).toHaveLength(1);
    const [me] = info.workers.processes;
    expect(me).toMatchObject({ current: true, appVersion: PACKAGE_VERSION, workerSlots: 3, running: 0 });
    expect(Date.now() - new Date(me!.lastSeen).getTime()).toBeLessThan(60_000);

    await working.restart();
    const { rows } = await working.db.query<{ id: string }>('SELECT id FROM worker_heartbeats');
    // The stopped process removed its row; the new one wrote its own.
    expect(rows.map((r) => r.id)).not.toContain(me!.id);
    expect(rows).toHaveLength(1);
  });

  it('beats periodically, and pruning deletes rows a day old', async () => {
    const db = working.db;
    const heartbeat = await startHeartbeat({ db, id: 'worker-test-beat', appVersion: '1.0.0', workerSlots: 1, intervalMs: 40, log: () => undefined });
    const seen = async () => (await db.query<{ last_seen: string }>(`SELECT last_seen::text FROM worker_heartbeats WHERE id = 'worker-test-beat'`)).rows[0]?.last_seen;
    const first = await seen();
    expect(first).toBeDefined();
    let later = first;
    for (let i = 0; i < 100 && later === first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await seen();
    }
    expect(later).not.toBe(first);
    await heartbeat.stop();
    expect(await seen()).toBeUndefined();

    await db.query(
      `INSERT INTO worker_heartbeats (id, app_version, worker_slots, started_at, last_seen) VALUES
         ('worker-ancient', '0.1.0', 1, now() - interval '3 days', now() - interval '25 hours'),
         ('worker-recent', '0.1.0', 1, now() - interval '3 hours', now() - interval '2 hours')`,
    );
    await pruneExpiredRows(db, 60_000, 90);
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM worker_heartbeats WHERE id IN ('worker-ancient', 'worker-recent')`);
    expect(rows.map((r) => r.id)).toEqual(['worker-recent']);
  });
});
