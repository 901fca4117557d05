/** step_samples: the latest 'Test step' result of each step of a workflow (the editor's sample data). */
import type { Queryable } from '../db/database.ts';
import { iso, storableJson } from '../db/stored-values.ts';

export interface StepSample {
  status: 'SUCCEEDED' | 'FAILED';
  output: unknown;
  error: string | null;
  testedAt: string;
}

const UPSERT_SAMPLE = `ON CONFLICT (flow_id, step_name) DO UPDATE SET status = excluded.status, output = excluded.output,
       error = excluded.error, tested_at = excluded.tested_at`;

/**
 * The statement part that keeps `output` (SQL, a jsonb) as the trigger's sample of `flow`, for the rows
 * of `from` (SQL: a relation, with its condition): the webhook queues its run and keeps the request as
 * the sample in one statement (server/runs/run-queue.ts), and only when the run was queued.
 */
export function triggerSampleSql(flow: string, output: string, from: string): string {
  return `INSERT INTO step_samples (flow_id, step_name, status, output, error, tested_at)
     SELECT ${flow}, 'trigger', 'SUCCEEDED', ${output}, NULL, date_trunc('milliseconds', clock_timestamp()) FROM ${from}
     ${UPSERT_SAMPLE}`;
}

export async function saveSample(
  db: Queryable,
  flowId: string,
  stepName: string,
  sample: { status: StepSample['status']; output: unknown; error: string | null },
): Promise<StepSample> {
  const { rows } = await db.query<{ tested_at: Date }>(
    `INSERT INTO step_samples (flow_id, step_name, status, output, error, tested_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, date_trunc('milliseconds', clock_timestamp()))
     ${UPSERT_SAMPLE}
     RETURNING tested_at`,
    [flowId, stepName, sample.status, storableJson(sample.output ?? null, 'The output'), sample.error],
  );
  return { ...sample, testedAt: iso(rows[0]!.tested_at) };
}

export async function listSamples(db: Queryable, flowId: string): Promise<Record<string, StepSample>> {
  const { rows } = await db.query<{ step_name: string; status: StepSample['status']; output: unknown; error: string | null; tested_at: Date }>(
    `SELECT step_name, status, output, error, tested_at FROM step_samples WHERE flow_id = $1`,
    [flowId],
  );
  const samples: Record<string, StepSample> = {};
  for (const row of rows) samples[row.step_name] = { status: row.status, output: row.output, error: row.error, testedAt: iso(row.tested_at) };
  return samples;
}
