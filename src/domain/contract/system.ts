/**
 * GET /system: what the System screen shows (read-only). The engine's limits as the server is configured
 * (the billing plan is built from the same object), the user's daily quota, queue depth as counts (the
 * user's own and everyone's, never whose), and the server processes running workers that were seen in
 * the last minute. The database is named by its kind only: its address never leaves the server.
 */
import * as z from 'zod/mini';

export const DATABASE_KINDS = ['embedded', 'postgresql'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A process whose heartbeat is older than this is not listed: it has stopped or lost its database. */
export const WORKER_SEEN_WITHIN_SECONDS = 60;

/** What one run and one user may use, from the server's configuration (README "Limits"). */
export const engineLimitsSchema = z.object({
  /** Runs a user may start per UTC day; 0: no limit (RUN_DAILY_QUOTA). */
  dailyQuota: z.number(),
  /** Runs one process executes at once (RUN_CONCURRENCY). */
  concurrency: z.number(),
  /** Runs of one user executing at once across every process (RUN_CONCURRENCY_PER_USER). */
  concurrencyPerUser: z.number(),
  codeThreads: z.number(),
  codeTimeoutMs: z.number(),
  codeMemoryMb: z.number(),
  httpTimeoutMs: z.number(),
  maxStepDataKb: z.number(),
  maxRunDataMb: z.number(),
  maxLogLines: z.number(),
  maxLoopIterations: z.number(),
  maxDelaySeconds: z.number(),
  scheduleMinIntervalSeconds: z.number(),
  webhookPerMinute: z.number(),
});
export type EngineLimits = z.output<typeof engineLimitsSchema>;

const queueCountsSchema = z.object({ waiting: z.number(), running: z.number() });

export const workerProcessSchema = z.object({
  id: z.string(),
  /** The process that answered this request. */
  current: z.boolean(),
  appVersion: z.string(),
  workerSlots: z.number(),
  /** Runs this process holds now. */
  running: z.number(),
  startedAt: z.string(),
  lastSeen: z.string(),
});
export type WorkerProcess = z.output<typeof workerProcessSchema>;

export const systemInfoSchema = z.object({
  version: z.string(),
  database: z.object({ kind: z.enum(DATABASE_KINDS), version: z.string() }),
  limits: engineLimitsSchema,
  quota: z.object({ daily: z.number(), usedToday: z.number(), resetsAt: z.string() }),
  queue: z.object({ mine: queueCountsSchema, all: queueCountsSchema }),
  workers: z.object({
    /** Whether the answering process runs workers (RUN_WORKERS_ENABLED). */
    enabledHere: z.boolean(),
    processes: z.array(workerProcessSchema),
  }),
  checkedAt: z.string(),
});
export type SystemInfo = z.output<typeof systemInfoSchema>;
