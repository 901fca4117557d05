/**
 * Flows for the workflow tests, built in the domain's stored form (what autosave carries and the
 * database keeps), plus shortcuts for the workflow endpoints.
 */
import type { LightMyRequestResponse } from 'fastify';
import { fromStoredVersion, type StoredFlowContent, type StoredStep, type StoredTrigger } from '../../src/domain/index.ts';
import type { TestServer } from './helpers.ts';
import { get, post, put } from './helpers.ts';

export const SCHEDULE_PIECE = '@activepieces/piece-schedule';

export function scheduleTrigger(
  triggerName = 'every_day',
  input: Record<string, unknown> = { hour_of_the_day: 9, timezone: 'Europe/Paris', run_on_weekends: true },
  next: string | null = null,
): StoredTrigger {
  return {
    name: 'trigger',
    type: 'PIECE_TRIGGER',
    displayName: 'Schedule',
    valid: true,
    next,
    settings: { pieceName: SCHEDULE_PIECE, pieceVersion: '0.1.5', triggerName, input },
  };
}

export const emptyTrigger = (next: string | null = null): StoredTrigger => ({
  name: 'trigger',
  type: 'EMPTY',
  displayName: 'Select Trigger',
  valid: false,
  next,
  settings: {},
});

/**
 * A code step; `complete = false` leaves its code blank, which the server's domain judges invalid (the
 * step's own `valid` flag says `complete` too, but the server never believes it).
 */
export function codeStep(n: number, next: number | null = null, complete = true): StoredStep {
  return {
    name: `step_${n}`,
    displayName: `Code ${n}`,
    type: 'CODE',
    valid: complete,
    next: next === null ? null : `step_${next}`,
    settings: { sourceCode: { code: complete ? `export const code = async () => ${n};` : '', packageJson: '{}' }, input: {} },
  };
}

/** A chain trigger → step_1 → ... → step_n of valid code steps. */
export function chain(n: number, trigger: StoredTrigger = scheduleTrigger()): StoredFlowContent {
  const steps = Array.from({ length: n }, (_, i) => codeStep(i + 1, i + 1 < n ? i + 2 : null));
  return { displayName: 'Chain', trigger: { ...trigger, next: n > 0 ? 'step_1' : null }, steps };
}

/** The flat version of stored content (for toNestedFlowJson). */
export const flatOf = (content: StoredFlowContent) =>
  fromStoredVersion({ id: '', flowId: '', state: 'DRAFT', valid: false, schemaVersion: null, ...content });

export interface Version {
  id: string;
  flowId: string;
  displayName: string;
  state: 'DRAFT' | 'LOCKED';
  valid: boolean;
  updated: string;
  created: string;
  trigger: StoredTrigger;
  steps: StoredStep[];
}
export interface Flow {
  id: string;
  displayName: string;
  status: 'ENABLED' | 'DISABLED';
  folderId: string | null;
  publishedVersionId: string | null;
  created: string;
  updated: string;
}

export async function createFlow(t: TestServer, token: string, displayName = 'My flow'): Promise<{ flow: Flow; version: Version }> {
  const response = await post(t.app, '/api/workflow', { displayName }, { token });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function autosave(
  t: TestServer,
  token: string,
  version: Pick<Version, 'id' | 'updated'>,
  content: StoredFlowContent,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return post(
    t.app,
    '/api/workflow/version/autosave',
    { version_id: version.id, configuration: content, display_name: content.displayName, updated: version.updated, ...extra },
    { token },
  );
}

/** A flow whose draft holds `content`, published (and optionally enabled). */
export async function publishedFlow(
  t: TestServer,
  token: string,
  content: StoredFlowContent = chain(2),
  enable = false,
): Promise<{ flow: Flow; version: Version }> {
  const { flow, version } = await createFlow(t, token, content.displayName);
  const saved = await autosave(t, token, version, content);
  if (saved.statusCode !== 200) throw new Error(`autosave failed: ${saved.body}`);
  const published = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token });
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);
  let result = { flow: published.json<{ workflow: Flow }>().workflow, version: published.json<{ version: Version }>().version };
  if (enable) {
    const enabled = await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token });
    if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.body}`);
    result = { ...result, flow: enabled.json<{ flow: Flow }>().flow };
  }
  return result;
}

export async function readFlow(t: TestServer, token: string, id: string): Promise<{ flow: Flow; version: Version }> {
  const response = await get(t.app, `/api/workflow/${id}`, { token });
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Row counts of every table the workflow service writes. */
export async function snapshot(t: TestServer): Promise<Record<string, unknown>> {
  const { rows } = await t.db.query<Record<string, unknown>>(
    `SELECT (SELECT count(*)::int FROM flows) AS flows, (SELECT count(*)::int FROM flow_versions) AS versions,
            (SELECT count(*)::int FROM flow_runs) AS runs, (SELECT count(*)::int FROM variables) AS variables,
            (SELECT count(*)::int FROM templates) AS templates,
            (SELECT coalesce(max(updated), 'epoch')::text FROM flow_versions) AS last_version_write,
            (SELECT coalesce(max(updated), 'epoch')::text FROM flows) AS last_flow_write,
            (SELECT coalesce(max(updated), 'epoch')::text FROM variables) AS last_variable_write,
            (SELECT string_agg(status, ',' ORDER BY id) FROM flows) AS statuses`,
  );
  return rows[0]!;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
