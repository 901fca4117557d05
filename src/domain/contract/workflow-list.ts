/**
 * The workflow list's own shapes (issue 17): how it sorts, what each row says about its trigger and
 * last run, and the bulk actions over selected rows. Loaded by the browser (the list screen) and the
 * server; the bulk body, which carries ids, is parsed by the server only (workflow-list-requests.ts).
 */
import * as z from 'zod/mini';
import { runStatusSchema } from '../flow/runs.ts';

/** The columns the list sorts by, on the server, within its pagination. */
export const WORKFLOW_SORTS = ['name', 'updated', 'lastRun', 'status'] as const;
export type WorkflowSort = (typeof WORKFLOW_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_WORKFLOW_SORT: WorkflowSort = 'updated';
export const DEFAULT_SORT_ORDER: SortOrder = 'desc';

/** The trigger of the version a row shows: EMPTY, or a piece trigger (Schedule, Webhook, Manual…). */
export const workflowTriggerSummarySchema = z.object({
  type: z.string(),
  pieceName: z.nullable(z.string()),
  triggerName: z.nullable(z.string()),
});
export type WorkflowTriggerSummary = z.output<typeof workflowTriggerSummarySchema>;

/** The workflow's newest run (by start time), or null when it never ran. */
export const workflowLastRunSchema = z.nullable(z.object({ id: z.string(), status: runStatusSchema, startTime: z.string() }));
export type WorkflowLastRun = z.output<typeof workflowLastRunSchema>;

// ---- bulk actions ----

export const BULK_ACTIONS = ['ENABLE', 'DISABLE', 'DELETE', 'MOVE'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Ids one bulk call takes: a page of the list at its largest (MAX_PAGE_SIZE). */
export const BULK_MAX_IDS = 100;

/**
 * What a bulk call did: the ids it acted on, and each one it did not with the reason (an id that is
 * not the caller's answers FLOW_NOT_FOUND, exactly as an unknown one). Each workflow is its own change,
 * as if sent alone: one that cannot be enabled does not stop the others.
 */
export const workflowBulkReplySchema = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
});
export type WorkflowBulkReply = z.output<typeof workflowBulkReplySchema>;
