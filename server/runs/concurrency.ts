/**
 * Which waiting run may start now (issue 15): a run may start while its user has fewer than RUN_CONCURRENCY_PER_USER runs going
 * (fairness between users) and its workflow fewer than the workflow's own maximum
 * (`flows.max_concurrent_runs`, NULL = none). Runs past either limit wait; they are never refused.
 *
 * The claim picks its run with a copy of these rules in SQL, `flowsmith_next_run` (migration 020, which
 * says why it is a function): a change to them here is a new migration replacing that function. Here:
 * `roomForRunSql` is an SQL condition on a waiting run, given
 * - `run`: the alias of a row with `user_id` and `flow_id` (the waiting run),
 * - `running`: a relation of the runs executing now, with `user_id` and `flow_id` (today the claimed
 *   rows of `run_queue`; a job library's running jobs tomorrow),
 * - `perUser`: the SQL of the per-user limit (a parameter such as `$3`).
 *
 * Read in one statement, the counts can overshoot when two claims run at the same moment on different
 * connections (PostgreSQL): harmless for the per-user share, not for a workflow limited to one run at a
 * time (the usual reason to set it: one run at a time against a rate-limited API). So a claim of a run of
 * a limited workflow is confirmed under `flowClaimLockSql` (a transaction-scoped advisory lock per
 * workflow) by a statement that checks the room again: every confirmation of one workflow waits for the
 * one before it to commit, so it counts it.
 */

/** The runs executing now in the queue of migration 003. */
export const QUEUE_RUNNING = `(SELECT user_id, flow_id FROM run_queue WHERE claimed_by IS NOT NULL)`;

export function roomForRunSql(run: string, perUser: string, running: string = QUEUE_RUNNING): string {
  // Uncorrelated on purpose: each list is computed once per statement (a hashed subplan), however many
  // waiting runs of a busy user or workflow the claim passes over.
  return `(
    ${run}.user_id NOT IN (SELECT busy.user_id FROM ${running} busy GROUP BY busy.user_id HAVING count(*) >= ${perUser})
    AND ${run}.flow_id NOT IN (
      SELECT busy.flow_id FROM ${running} busy
      GROUP BY busy.flow_id HAVING count(*) >= (SELECT f.max_concurrent_runs FROM flows f WHERE f.id = busy.flow_id)
    )
  )`;
}

/** Serialises the confirmations of one workflow's claims until the transaction ends; `$flow` is its id. */
export function flowClaimLockSql(flow: string): string {
  return `SELECT pg_advisory_xact_lock(hashtextextended('flow-runs:' || ${flow}::text, 0))`;
}
