/**
 * Fires the schedules of enabled workflows (a Schedule trigger on the published version). Every server
 * process runs one Scheduler; each keeps a timer per schedule aimed at croner's next time for it. When
 * a timer fires, the tick is claimed by inserting (flow, planned time) into schedule_fires: the primary
 * key lets exactly one process win, and the winner starts the run in the same transaction. So a tick
 * fires once however many processes see it, and a process that was down simply misses its ticks (no
 * burst of catch-up runs after a restart).
 *
 * Which schedules exist is read from the database at start, every `refreshMs`, and at once when this
 * process changes a workflow (`refresh()`); other processes see the change at their next refresh.
 */
import type { Cron } from 'croner';
import type { StoredTrigger } from '../../src/domain/index.ts';
import type { Database } from '../db/database.ts';
import { cronOfSchedule, firesTooOften, SCHEDULE_MIN_INTERVAL_MS, SCHEDULE_PIECE, scheduleOf, type Schedule } from '../workflows/runs-port.ts';
import { startRun, type StartedRun } from './start-run.ts';
import type { Activity } from '../../src/domain/contract/analytics.ts';
import { recordScheduleNotStarted } from '../activity/recording.ts';

export interface SchedulerOptions {
  db: Database;
  dailyQuota: number;
  /** Schedules firing more often than this never fire. */
  minIntervalMs?: number;
  refreshMs?: number;
  /** After a tick queued (or was refused) a run in this process (wake the workers, announce a refusal). */
  onStarted?: (run: StartedRun, userId: string) => void;
  /** A tick that could not start a run wrote its schedule_failed entry. */
  onActivity?: (userId: string, activity: Activity) => void;
  log?: (message: string, error?: unknown) => void;
}

interface Entry {
  key: string;
  flowId: string;
  versionId: string;
  userId: string;
  cron: Cron;
  timer: NodeJS.Timeout | null;
}

/** setTimeout's longest wait is about 24.8 days; longer waits are re-aimed when they end. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private refreshTimer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  /** A change arrived while a read was under way: that read may predate it, so read once more after. */
  private stale = false;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  async start(): Promise<void> {
    await this.refresh();
    this.refreshTimer = setInterval(() => void this.refresh(), this.options.refreshMs ?? 10_000);
    this.refreshTimer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    for (const entry of this.entries.values()) if (entry.timer) clearTimeout(entry.timer);
    this.entries.clear();
  }

  /** The flows this process is timing, by flow id, with their next time (for tests and logs). */
  scheduled(): Map<string, Date | null> {
    return new Map([...this.entries.values()].map((entry) => [entry.flowId, entry.cron.nextRun()]));
  }

  /** Re-reads the schedules; a call during a read gets one more read after it. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.stale = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.stale = false;
        await this.load().catch((error: unknown) => this.options.log?.('Reading schedules failed', error));
      } while (this.stale && !this.stopped);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    const { rows } = await this.options.db.query<{ id: string; user_id: string; version_id: string; trigger: StoredTrigger }>(
      `SELECT f.id, f.user_id, f.published_version_id AS version_id, v.content -> 'trigger' AS trigger
       FROM flows f JOIN flow_versions v ON v.id = f.published_version_id
       WHERE f.status = 'ENABLED' AND v.content -> 'trigger' -> 'settings' ->> 'pieceName' = $1`,
      [SCHEDULE_PIECE],
    );
    if (this.stopped) return;
    const wanted = new Map<string, { row: (typeof rows)[number]; schedule: Schedule }>();
    for (const row of rows) {
      const schedule = scheduleOf(row.trigger);
      if (schedule) wanted.set(`${row.id}|${row.version_id}|${schedule.cronExpression}|${schedule.timezone}`, { row, schedule });
    }
    for (const [key, entry] of this.entries) {
      if (wanted.has(key)) continue;
      if (entry.timer) clearTimeout(entry.timer);
      this.entries.delete(key);
    }
    for (const [key, { row, schedule }] of wanted) {
      if (this.entries.has(key)) continue;
      // An expression croner refuses, or one firing too often, never fires (the schedules screen shows no next run).
      const cron = cronOfSchedule(schedule);
      if (!cron || firesTooOften(cron, this.options.minIntervalMs ?? SCHEDULE_MIN_INTERVAL_MS)) continue;
      const entry: Entry = { key, flowId: row.id, versionId: row.version_id, userId: row.user_id, cron, timer: null };
      this.entries.set(key, entry);
      this.aim(entry, new Date());
    }
  }

  private aim(entry: Entry, after: Date): void {
    const next = entry.cron.nextRun(after);
    if (!next || this.stopped) return;
    const wait = next.getTime() - Date.now();
    entry.timer = setTimeout(() => {
      if (this.entries.get(entry.key) !== entry) return;
      if (Date.now() < next.getTime()) return this.aim(entry, after); // a long wait, cut short by MAX_WAIT_MS
      void this.fire(entry, next);
      // From now, not from the missed time: after a stall (a suspended process) ticks are skipped, not replayed.
      this.aim(entry, new Date(Math.max(next.getTime(), Date.now())));
    }, Math.min(Math.max(0, wait), MAX_WAIT_MS));
    entry.timer.unref();
  }

  private async fire(entry: Entry, planned: Date): Promise<void> {
    try {
      const started = await this.options.db.transaction(async (tx) => {
        // Only while the workflow is still enabled with this published version: another process may have
        // disabled or republished it since this one last read the schedules.
        const { rows } = await tx.query(
          `INSERT INTO schedule_fires (flow_id, fire_time)
           SELECT id, $2 FROM flows WHERE id = $1 AND status = 'ENABLED' AND published_version_id = $3
           ON CONFLICT DO NOTHING RETURNING flow_id`,
          [entry.flowId, planned.toISOString(), entry.versionId],
        );
        if (rows.length === 0) return null; // another process took this tick, or the schedule is gone
        const run = await startRun(tx, { flowId: entry.flowId, versionId: entry.versionId, userId: entry.userId, payload: { firedAt: planned.toISOString() }, startedBy: 'schedule' }, this.options.dailyQuota);
        await tx.query(`UPDATE schedule_fires SET run_id = $3 WHERE flow_id = $1 AND fire_time = $2`, [entry.flowId, planned.toISOString(), run.runId]);
        return run;
      });
      if (started) this.options.onStarted?.(started, entry.userId);
    } catch (error) {
      this.options.log?.('Firing a schedule failed', error);
      // The feed says so (schedule_failed, rolled up with the schedule's failed runs); best effort, as the
      // database may be what failed.
      try {
        const activity = await recordScheduleNotStarted(this.options.db, entry.userId, entry.flowId);
        if (activity) this.options.onActivity?.(entry.userId, activity);
      } catch (again) {
        this.options.log?.('Recording a schedule failure failed', again);
      }
    }
  }
}
