/**
 * "Where is this connection used?": the user's workflows whose draft or published version has a step
 * naming it. Steps name a connection in `settings.input.connection`, always as a literal (the prop is a
 * DYNAMIC_DROPDOWN, which takes no reference), so the stored content says it all: a jsonb containment
 * finds the versions, and the matching steps are read from them. Older locked versions are history, not use.
 */
import type { Queryable } from '../db/database.ts';
import { LATEST_NAME_SQL } from '../workflows/flows-repository.ts';

export interface UsageRow {
  flow_id: string;
  name: string;
  draft: boolean;
  published: boolean;
  steps: Array<{ name: string; displayName: string }>;
}

export async function connectionUsage(db: Queryable, userId: string, connectionName: string): Promise<UsageRow[]> {
  const { rows } = await db.query<{ flow_id: string; name: string; state: 'DRAFT' | 'LOCKED'; published: boolean; steps: UsageRow['steps'] }>(
    `SELECT f.id AS flow_id, ${LATEST_NAME_SQL('f')} AS name, v.state, (v.id = f.published_version_id) AS published,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('name', s ->> 'name', 'displayName', s ->> 'displayName') ), '[]'::jsonb)
        FROM jsonb_array_elements(v.content -> 'steps') s
        WHERE s -> 'settings' -> 'input' ->> 'connection' = $2) AS steps
     FROM flows f JOIN flow_versions v ON v.flow_id = f.id
     WHERE f.user_id = $1 AND (v.state = 'DRAFT' OR v.id = f.published_version_id)
       AND v.content -> 'steps' @> jsonb_build_array(jsonb_build_object('settings', jsonb_build_object('input', jsonb_build_object('connection', $2::text))))`,
    [userId, connectionName],
  );
  // One entry per workflow: its draft and its published version may both use it.
  const byFlow = new Map<string, UsageRow>();
  for (const row of rows) {
    const entry = byFlow.get(row.flow_id) ?? { flow_id: row.flow_id, name: row.name, draft: false, published: false, steps: [] };
    if (row.state === 'DRAFT') entry.draft = true;
    if (row.published) entry.published = true;
    for (const step of row.steps) if (!entry.steps.some((seen) => seen.name === step.name)) entry.steps.push(step);
    byFlow.set(row.flow_id, entry);
  }
  const stepNumber = (name: string) => Number(name.replace(/^step_/, '')) || 0;
  for (const entry of byFlow.values()) entry.steps.sort((a, b) => stepNumber(a.name) - stepNumber(b.name));
  return [...byFlow.values()].sort((a, b) => a.name.localeCompare(b.name) || a.flow_id.localeCompare(b.flow_id));
}
