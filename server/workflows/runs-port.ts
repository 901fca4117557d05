/**
 * What runs (server/runs) and the engine (server/engine) may ask of the workflow service: the only
 * module of server/workflows they import. Keeping the questions here lets the workflow service change
 * its tables and files without the run path noticing, and shows in one place what a run depends on.
 */
import type { FlatVersion } from '../../src/domain/index.ts';
import type { Queryable } from '../db/database.ts';
import { publishedFlowsTriggeredBy, findFlow, findFlowToRun, type FlowToRunRow, type ScheduledFlowRow } from './flows-repository.ts';
import { SCHEDULE_PIECE, scheduleOf, type Schedule } from './schedules.ts';
import { flatFromRow } from './service.ts';
import { findFlowVersion, findLatestVersion, findUserVersionHead } from './versions-repository.ts';
import { frozenVersion, LockedVersions } from './locked-versions.ts';

export { flowNotFound, versionNotFound } from './errors.ts';
export { flowToRunSql, LATEST_NAME_SQL, type FlowToRunRow } from './flows-repository.ts';
// The executions list's query: each folder's schemas.ts holds its routes' input shapes.
export { executionsQuerySchema } from './schemas.ts';
export { cronOfSchedule, firesTooOften, nextRunOf, SCHEDULE_MIN_INTERVAL_MS, SCHEDULE_PIECE, scheduleOf, type Schedule } from './schedules.ts';

export interface OwnedFlow {
  id: string;
  publishedVersionId: string | null;
}

/** A version's head: enough to decide whether it may run (the worker reads the content). */
export interface RunnableVersion {
  id: string;
  valid: boolean;
}

/** What the Run button runs: the user's workflow and the version asked for (undefined when not the flow's). */
export interface FlowToRun {
  flow: OwnedFlow & { name: string };
  version: RunnableVersion | undefined;
}

/** A row of `flowToRunSql` (which a statement starting the run may embed) as `flowToRun` answers it. */
export function flowToRunOf(row: FlowToRunRow): FlowToRun {
  const flow = { id: row.id, publishedVersionId: row.published_version_id, name: row.workflow_name ?? '' };
  return { flow, version: row.version_id ? { id: row.version_id, valid: row.valid === true } : undefined };
}

export interface WorkflowsForRuns {
  /** The user's workflow; undefined for an unknown id and for another user's alike. */
  ownedFlow(userId: string, flowId: string): Promise<OwnedFlow | undefined>;
  /** What a manual run runs: `versionId` when given, else the published version, else the latest; undefined if that is not the flow's. */
  versionToRun(userId: string, flow: OwnedFlow, versionId?: string): Promise<RunnableVersion | undefined>;
  /**
   * `ownedFlow` and `versionToRun` in one query (the Run button's path): undefined when the flow is not
   * the user's; `version` undefined when the version asked for is not the flow's.
   */
  flowToRun(userId: string, flowId: string, versionId?: string): Promise<FlowToRun | undefined>;
  /**
   * The version as the engine walks it; undefined once it no longer exists; throws when its content cannot
   * be read. A published (LOCKED) version is read once per process and shared, frozen (locked-versions.ts).
   */
  readVersion(flowId: string, versionId: string): Promise<FlatVersion | undefined>;
  /** The name a run's notification calls the workflow by (the version's head only, never its content; a LOCKED version's is kept). */
  versionName(userId: string, versionId: string): Promise<string | undefined>;
  /** The user's workflows with a Schedule trigger on their published version: enabled first, then paused ones. */
  scheduledFlows(userId: string): Promise<Array<{ flow: ScheduledFlowRow; schedule: Schedule }>>;
}

export function workflowsForRuns(db: Queryable): WorkflowsForRuns {
  const lockedVersions = new LockedVersions<FlatVersion>();
  const lockedNames = new LockedVersions<string>(1024);
  return {
    async ownedFlow(userId, flowId) {
      const flow = await findFlow(db, userId, flowId);
      return flow ? { id: flow.id, publishedVersionId: flow.published_version_id } : undefined;
    },
    async versionToRun(userId, flow, versionId) {
      const id = versionId ?? flow.publishedVersionId;
      const head = id ? await findUserVersionHead(db, userId, id) : await findLatestVersion(db, flow.id);
      return head?.flow_id === flow.id ? { id: head.id, valid: head.valid } : undefined;
    },
    async flowToRun(userId, flowId, versionId) {
      const row = await findFlowToRun(db, userId, flowId, versionId);
      return row ? flowToRunOf(row) : undefined;
    },
    async readVersion(flowId, versionId) {
      const kept = lockedVersions.get(versionId);
      if (kept?.flowId === flowId) return kept;
      const row = await findFlowVersion(db, flowId, versionId);
      if (!row) return undefined;
      const version = flatFromRow(row);
      return row.state === 'LOCKED' ? lockedVersions.keep(versionId, frozenVersion(version)) : version;
    },
    async versionName(userId, versionId) {
      const key = `${userId}/${versionId}`;
      const kept = lockedNames.get(key);
      if (kept !== undefined) return kept;
      const head = await findUserVersionHead(db, userId, versionId);
      return head?.state === 'LOCKED' ? lockedNames.keep(key, head.display_name) : head?.display_name;
    },
    async scheduledFlows(userId) {
      const flows = await publishedFlowsTriggeredBy(db, userId, SCHEDULE_PIECE);
      return flows.flatMap((flow) => {
        const schedule = scheduleOf(flow.trigger);
        return schedule ? [{ flow, schedule }] : [];
      });
    },
  };
}
