import { fromStoredVersion, toStoredContent } from '../../../src/domain/index.ts';
import type { Queryable } from '../database.ts';
import type { Migration } from '../migrate.ts';

/** Rows read and rewritten per query, so a large database is never held in memory at once. */
const BATCH = 100;

/**
 * Validity became an output of the domain (issue 12): a version's `valid` and each step's flag are the
 * rules' verdict, never what a client sent. Rows saved before kept the client's claims, and the gates that
 * read only the stored flags (run, publish, enable, copies) would go on trusting them. This re-judges every
 * stored version once, with the same rules the editor and the server use on every read.
 */
export const validityJudgedMigration: Migration = {
  version: 7,
  name: 'validity judged by the domain',
  sql: '',
  run: rejudgeStoredVersions,
};

async function rejudgeStoredVersions(tx: Queryable): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await tx.query<{ id: string; flow_id: string; display_name: string; state: 'DRAFT' | 'LOCKED'; valid: boolean; schema_version: string | null; content: unknown }>(
      `SELECT id, flow_id, display_name, state, valid, schema_version, content FROM flow_versions WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      const stored = row.content as { trigger: { valid?: unknown }; steps: Array<{ name?: unknown; valid?: unknown }> };
      let judged: ReturnType<typeof fromStoredVersion>;
      try {
        judged = fromStoredVersion({
          id: row.id,
          flowId: row.flow_id,
          displayName: row.display_name,
          state: row.state,
          valid: false,
          schemaVersion: row.schema_version,
          trigger: stored.trigger,
          steps: stored.steps,
        });
      } catch {
        // A row the rules cannot read cannot run either: it is marked invalid, its content kept as it is,
        // rather than stopping every server from starting.
        if (row.valid) await tx.query('UPDATE flow_versions SET valid = false WHERE id = $1', [row.id]);
        continue;
      }
      const content = toStoredContent(judged);
      const claimed = new Map(stored.steps.map((step) => [step.name, step.valid]));
      const flagsChanged =
        content.trigger.valid !== stored.trigger.valid || content.steps.some((step) => step.valid !== claimed.get(step.name));
      if (judged.valid !== row.valid || flagsChanged) {
        const rewritten = JSON.stringify({ trigger: content.trigger, steps: content.steps });
        await tx.query('UPDATE flow_versions SET valid = $2, content = $3::jsonb WHERE id = $1', [row.id, judged.valid, rewritten]);
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}
