/**
 * The activity feed (server/activity): every type is recorded by doing the real thing through the API,
 * with its severity, the user's name, a description naming the workflow and its id; run outcomes are
 * rolled up per workflow and hour; GET /analytics/activity/recent serves the user's own entries newest
 * first, with limit and activity_types; old entries are pruned; bad parameters are a 400; and each entry
 * reaches the owner's live connection as an `activity` message.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { activityOf, ACTIVITY_MESSAGE_TYPE } from '../../src/api/live-socket-contract.ts';
import { recentActivitySchema, type Activity, type ActivityType } from '../../src/domain/contract/index.ts';
import { recordScheduleNotStarted } from '../../server/activity/recording.ts';
import { loadConfig } from '../../server/config.ts';
import { pruneExpiredRows } from '../../server/db/prune.ts';
import type { LiveMessage } from '../../server/live/live-hub.ts';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, createFlow, publishedFlow, scheduleTrigger, type Flow, type Version } from './flows.ts';
import { recoverExpired } from '../../server/runs/run-queue.ts';
import { code, finishedRun, flowOf, manualTrigger, webhookTrigger } from './run-flows.ts';

const DAILY_QUOTA = 8;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, dailyQuota: DAILY_QUOTA, scheduleMinIntervalMs: 1000 } });
});
afterAll(async () => {
  await t?.close();
});

type User = { id: string; name: string; token: string };

async function feed(user: User, query = ''): Promise<Activity[]> {
  const response = await get(t.app, `/api/analytics/activity/recent${query}`, { token: user.token });
  expect(response.statusCode).toBe(200);
  return recentActivitySchema.parse(response.json()).activities;
}

const ofType = async (user: User, type: ActivityType) => (await feed(user, `?activity_types=${type}`)).filter((a) => a.type === type);

async function run(user: User, flowId: string): Promise<string> {
  const response = await post(t.app, `/api/workflow/run/${flowId}`, {}, { token: user.token });
  expect(response.statusCode).toBe(202);
  const { id } = response.json<{ id: string }>();
  await finishedRun(t, user.token, id);
  return id;
}

/** The live messages the user's sockets get from now on. */
function listen(user: User): { heard: LiveMessage[]; stop: () => void } {
  const heard: LiveMessage[] = [];
  const stop = t.server.hub.attach(user.id, (message) => heard.push(message));
  return { heard, stop };
}

/** The feed settles after a run's record is read as finished: the rollup is part of that same statement. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('workflow activity', () => {
  it('records created, renamed, published, enabled, disabled and deleted, each with its user, severity and workflow', async () => {
    const user = await signedInUser(t.app, 'Ada Lovelace');
    const live = listen(user);
    const { flow, version } = await createFlow(t, user.token, 'Daily report');
    expect((await put(t.app, '/api/workflow', { id: flow.id, displayName: 'Daily digest' }, { token: user.token })).statusCode).toBe(200);
    // The same name again is no rename.
    expect((await put(t.app, '/api/workflow', { id: flow.id, displayName: 'Daily digest' }, { token: user.token })).statusCode).toBe(200);
    const read = (await get(t.app, `/api/workflow/${flow.id}`, { token: user.token })).json<{ version: Version }>();
    const saved = await autosave(t, user.token, read.version, flowOf('Daily digest', webhookTrigger(), [code(1, 'return 1;')]));
    expect(saved.statusCode).toBe(200);
    expect((await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token: user.token })).statusCode).toBe(200);
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token: user.token })).statusCode).toBe(200);
    // Enabling what is enabled changes nothing: no entry.
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token: user.token })).statusCode).toBe(200);
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'DISABLED' }, { token: user.token })).statusCode).toBe(200);
    expect((await del(t.app, `/api/workflow/${flow.id}`, { token: user.token })).statusCode).toBe(200);
    live.stop();

    const activities = await feed(user);
    expect(activities.map((a) => [a.type, a.severity, a.description])).toEqual([
      ['workflow_deleted', 'info', 'Deleted “Daily digest”'],
      ['workflow_disabled', 'info', 'Disabled “Daily digest”'],
      ['workflow_enabled', 'info', 'Enabled “Daily digest”'],
      ['workflow_published', 'info', 'Published a new version of “Daily digest”'],
      ['workflow_renamed', 'info', 'Renamed “Daily report” to “Daily digest”'],
      ['workflow_created', 'info', 'Created “Daily report”'],
    ]);
    for (const activity of activities) {
      expect(activity).toMatchObject({ user_name: 'Ada Lovelace', workflow_id: flow.id, run_id: null, count: 1 });
    }
    // Newest first.
    const times = activities.map((a) => Date.parse(a.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Each entry reached the user's live connection, as the feed serves it.
    const told = live.heard.filter((m) => m.type === ACTIVITY_MESSAGE_TYPE).map((m) => activityOf({ type: m.type, data: m.data }));
    expect(told).toEqual([...activities].reverse());
    expect(live.heard.filter((m) => m.type === ACTIVITY_MESSAGE_TYPE).every((m) => m.data.message === '')).toBe(true);
    // Other messages, or an activity message missing a field, are not read as entries.
    expect(activityOf({ type: 'run_finished', data: { ...activities[0], message: 'x' } })).toBeNull();
    expect(activityOf({ type: ACTIVITY_MESSAGE_TYPE, data: { ...activities[0], count: '1' } })).toBeNull();
  });

  it('records renames made in the editor (an autosave, PUT /workflow/version) under the names of the time', async () => {
    const user = await signedInUser(t.app, 'Grace Hopper');
    const { flow, version } = await createFlow(t, user.token, 'First');
    const saved = await autosave(t, user.token, version, flowOf('Second', manualTrigger(null), []));
    expect(saved.statusCode).toBe(200);
    const renamed = await put(t.app, '/api/workflow/version', { version_id: version.id, display_name: 'Third' }, { token: user.token });
    expect(renamed.statusCode).toBe(200);
    // An autosave that keeps the name is no rename.
    const again = await autosave(t, user.token, renamed.json<{ version: Version }>().version, flowOf('Third', manualTrigger(), [code(1, 'return 1;')]));
    expect(again.statusCode).toBe(200);
    const renames = await ofType(user, 'workflow_renamed');
    expect(renames.map((a) => a.description)).toEqual(['Renamed “Second” to “Third”', 'Renamed “First” to “Second”']);
    expect(renames.every((a) => a.workflow_id === flow.id)).toBe(true);

    // Saving onto the published (locked) version makes a draft under the new name; "use as draft" of the
    // published version brings its name back.
    const published = await publishedFlow(t, user.token, flowOf('V1', manualTrigger(), [code(1, 'return 1;')]));
    const onLocked = await autosave(t, user.token, published.version, flowOf('V2', manualTrigger(), [code(1, 'return 2;')]));
    expect(onLocked.json<{ newVersionCreated: boolean }>().newVersionCreated).toBe(true);
    const restored = await post(t.app, '/api/workflow/version', { workflow_id: published.flow.id, from_version_id: published.version.id }, { token: user.token });
    expect(restored.statusCode).toBe(201);
    expect((await ofType(user, 'workflow_renamed')).slice(0, 2).map((a) => [a.description, a.workflow_id])).toEqual([
      ['Renamed “V2” to “V1”', published.flow.id],
      ['Renamed “V1” to “V2”', published.flow.id],
    ]);
  });

  it('records a publish that disables the workflow (its new version cannot be triggered) as both', async () => {
    const user = await signedInUser(t.app, 'Publisher');
    const { flow } = await publishedFlow(t, user.token, flowOf('Hook', webhookTrigger(), [code(1, 'return 1;')]), true);
    const draft = await post(t.app, '/api/workflow/version', { workflow_id: flow.id }, { token: user.token });
    expect(draft.statusCode).toBe(201);
    const saved = await autosave(t, user.token, draft.json<{ version: Version }>().version, flowOf('Hook', webhookTrigger(), [code(1, 'return 2;')]));
    expect(saved.statusCode).toBe(200);
    // The API never stores a valid version whose trigger cannot run; publish's rule for it is still there.
    await t.db.query(`UPDATE flow_versions SET content = jsonb_set(content, '{trigger,valid}', 'false') WHERE id = $1`, [saved.json<{ version: Version }>().version.id]);
    const published = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: saved.json<{ version: Version }>().version.id }, { token: user.token });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ workflow: Flow }>().workflow.status).toBe('DISABLED');
    expect((await feed(user)).slice(0, 2).map((a) => [a.type, a.description])).toEqual([
      ['workflow_disabled', '“Hook” was disabled: its new version has no trigger that can start it'],
      ['workflow_published', 'Published a new version of “Hook”'],
    ]);
  });

  it('records imports, copies and workflows made from a template', async () => {
    const user = await signedInUser(t.app, 'Katherine Johnson');
    const file = JSON.parse(await readFile(join(import.meta.dirname, 'fixtures', 'activepieces-flow.json'), 'utf8'));
    const imported = await post(t.app, '/api/workflow/import', file, { token: user.token });
    expect(imported.statusCode).toBe(201);
    const importedFlow = imported.json<{ flow: Flow }>().flow;

    const copied = await post(t.app, `/api/workflow/${importedFlow.id}/duplicate`, undefined, { token: user.token });
    expect(copied.statusCode).toBe(201);
    const copy = copied.json<{ flow: Flow }>().flow;

    const shared = await post(t.app, '/api/templates', { workflow_id: importedFlow.id, title: 'Orders', visibility: 'PRIVATE' }, { token: user.token });
    expect(shared.statusCode).toBe(201);
    const used = await post(t.app, `/api/templates/${shared.json<{ id: string }>().id}/use`, undefined, { token: user.token });
    expect(used.statusCode).toBe(201);
    const fromTemplate = used.json<{ flow: Flow }>().flow;

    const activities = await feed(user);
    expect(activities.map((a) => [a.type, a.description, a.workflow_id])).toEqual([
      ['workflow_created', `Created “${fromTemplate.displayName}” from the template “Orders”`, fromTemplate.id],
      ['workflow_created', 'Created “Daily orders digest Copy” as a copy of “Daily orders digest”', copy.id],
      ['workflow_imported', 'Imported “Daily orders digest” from a file', importedFlow.id],
    ]);
    expect(activities.every((a) => a.severity === 'info' && a.user_name === 'Katherine Johnson')).toBe(true);
  });
});

describe('run activity', () => {
  it('rolls the successful runs of one workflow up into one entry, with the latest run', async () => {
    const user = await signedInUser(t.app, 'Runner');
    const { flow } = await publishedFlow(t, user.token, flowOf('Nightly sum', manualTrigger(), [code(1, 'return 1 + 1;')]));
    const live = listen(user);
    const runIds: string[] = [];
    for (let i = 0; i < 5; i++) runIds.push(await run(user, flow.id));
    await sleep(50);
    live.stop();

    const succeeded = await ofType(user, 'run_succeeded');
    expect(succeeded).toEqual([
      expect.objectContaining({
        severity: 'success',
        user_name: 'Runner',
        workflow_id: flow.id,
        run_id: runIds[4],
        count: 5,
        description: '“Nightly sum” ran successfully 5 times within an hour',
      }),
    ]);
    // Every run told the dashboards; the same entry each time, counting up.
    const told = live.heard.map((m) => activityOf({ type: m.type, data: m.data })).filter((a) => a !== null);
    expect(told.map((a) => [a.id, a.count])).toEqual([1, 2, 3, 4, 5].map((n) => [succeeded[0]!.id, n]));
    expect(told[0]!.description).toBe('“Nightly sum” ran successfully');

    // An hour after the entry opened, the next run opens a new one.
    await t.db.query(`UPDATE activities SET created = created - interval '2 hours', timestamp = timestamp - interval '2 hours' WHERE id = $1`, [succeeded[0]!.id]);
    const later = await run(user, flow.id);
    const after = await ofType(user, 'run_succeeded');
    expect(after.map((a) => [a.count, a.run_id, a.description])).toEqual([
      [1, later, '“Nightly sum” ran successfully'],
      [5, runIds[4], '“Nightly sum” ran successfully 5 times within an hour'],
    ]);
  });

  it('records failed runs as errors, rolled up too, and apart from the successes', async () => {
    const user = await signedInUser(t.app, 'Failer');
    const { flow } = await publishedFlow(t, user.token, flowOf('Boom', manualTrigger(), [code(1, "throw new Error('boom');")]));
    const first = await run(user, flow.id);
    let failed = await ofType(user, 'run_failed');
    expect(failed).toEqual([
      expect.objectContaining({ severity: 'error', user_name: 'Failer', workflow_id: flow.id, run_id: first, count: 1, description: 'A run of “Boom” failed' }),
    ]);
    const second = await run(user, flow.id);
    failed = await ofType(user, 'run_failed');
    expect(failed).toEqual([expect.objectContaining({ run_id: second, count: 2, description: '2 runs of “Boom” failed within an hour' })]);
    expect(await ofType(user, 'run_succeeded')).toEqual([]);
  });

  it('records a failed scheduled run as schedule_failed, and a tick that could not start a run', async () => {
    const user = await signedInUser(t.app, 'Scheduler');
    const content = flowOf('Hourly sync', scheduleTrigger('cron_expression', { cronExpression: '* * * * *', timezone: 'UTC' }, 'step_1'), [
      code(1, "throw new Error('down');"),
    ]);
    const { flow, version } = await publishedFlow(t, user.token, content);
    await t.db.query(`UPDATE flow_versions SET content = jsonb_set(content, '{trigger,settings,input,cronExpression}', '"* * * * * *"') WHERE id = $1`, [version.id]);
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token: user.token })).statusCode).toBe(200);
    let entries: Activity[] = [];
    for (let i = 0; i < 200 && entries.length === 0; i++) {
      await sleep(50);
      entries = await ofType(user, 'schedule_failed');
    }
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'DISABLED' }, { token: user.token })).statusCode).toBe(200);
    await waitForIdle();

    entries = await ofType(user, 'schedule_failed');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ severity: 'error', user_name: 'Scheduler', workflow_id: flow.id });
    expect(entry!.description).toMatch(entry!.count === 1 ? /^A scheduled run of “Hourly sync” failed$/ : /^The schedule of “Hourly sync” failed \d+ times within an hour$/);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flow_runs WHERE flow_id = $1 AND status = 'FAILED'`, [flow.id]);
    expect(entry!.count).toBe(rows[0]!.n);
    // A scheduled run's failure is not also a run_failed.
    expect(await ofType(user, 'run_failed')).toEqual([]);

    // A tick that could not start a run (scheduler.ts records it when firing fails) counts into the same entry.
    const other = await createFlow(t, user.token, 'Broken schedule');
    const recorded = await recordScheduleNotStarted(t.db, user.id, other.flow.id);
    expect(recorded).toMatchObject({ type: 'schedule_failed', severity: 'error', count: 1, description: 'The schedule of “Broken schedule” could not start a run', run_id: null });
    const again = await recordScheduleNotStarted(t.db, user.id, other.flow.id);
    expect(again).toMatchObject({ id: recorded!.id, count: 2, description: 'The schedule of “Broken schedule” failed 2 times within an hour' });
  });

  it('records a run closed by recovery (its worker died) as failed, in the transaction that closes it', async () => {
    const user = await signedInUser(t.app, 'Crashed');
    const { flow, version } = await publishedFlow(t, user.token, flowOf('Fragile', manualTrigger(), [code(1, 'return 1;')]));
    // A run claimed by a worker that is gone: its lease is over.
    const { rows } = await t.db.query<{ run_id: string }>(
      `INSERT INTO run_queue (flow_id, version_id, user_id, claimed_by, lease_until) VALUES ($1, $2, $3, 'gone', now() - interval '1 minute') RETURNING run_id`,
      [flow.id, version.id, user.id],
    );
    const runId = rows[0]!.run_id;
    await t.db.query(`INSERT INTO flow_runs (id, flow_id, version_id, user_id, status, start_time) VALUES ($1, $2, $3, $4, 'RUNNING', now())`, [runId, flow.id, version.id, user.id]);
    const closed = await recoverExpired(t.db);
    expect(closed).toEqual([
      { userId: user.id, activity: expect.objectContaining({ type: 'run_failed', severity: 'error', run_id: runId, workflow_id: flow.id, count: 1, description: 'A run of “Fragile” failed' }) },
    ]);
    expect(await ofType(user, 'run_failed')).toEqual([closed[0]!.activity]);
  });

  it('records quota_reached once per workflow per day, however many runs are refused', async () => {
    const user = await signedInUser(t.app, 'Busy Bee');
    const { flow } = await publishedFlow(t, user.token, flowOf('Often', manualTrigger(), [code(1, 'return 1;')]));
    const answers: number[] = [];
    for (let i = 0; i < DAILY_QUOTA + 3; i++) answers.push((await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: user.token })).statusCode);
    expect(answers.filter((status) => status === 429)).toHaveLength(3);
    await waitForIdle();
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM flow_runs WHERE flow_id = $1 AND status = 'QUOTA_EXCEEDED'`, [flow.id]);
    expect(await ofType(user, 'quota_reached')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        user_name: 'Busy Bee',
        workflow_id: flow.id,
        run_id: rows[0]!.id,
        count: 1,
        description: '“Often” could not run: the daily run quota is used up (later runs today are refused too)',
      }),
    ]);
  });
});

async function waitForIdle(): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await t.db.query<{ busy: number }>(
      `SELECT (SELECT count(*)::int FROM run_queue) + (SELECT count(*)::int FROM flow_runs WHERE status = 'RUNNING') AS busy`,
    );
    if (rows[0]!.busy === 0) return;
    await sleep(25);
  }
  throw new Error('runs still going');
}

describe('GET /api/analytics/activity/recent', () => {
  let user: User;
  let ids: string[];

  beforeAll(async () => {
    user = await signedInUser(t.app, 'Reader');
    ids = [];
    for (const name of ['One', 'Two', 'Three']) {
      const { flow } = await createFlow(t, user.token, name);
      ids.push(flow.id);
      await put(t.app, '/api/workflow', { id: flow.id, displayName: `${name}!` }, { token: user.token });
    }
  });

  it('answers the newest entries first, at most limit (default 50)', async () => {
    const all = await feed(user);
    expect(all.map((a) => a.description)).toEqual([
      'Renamed “Three” to “Three!”',
      'Created “Three”',
      'Renamed “Two” to “Two!”',
      'Created “Two”',
      'Renamed “One” to “One!”',
      'Created “One”',
    ]);
    expect((await feed(user, '?limit=2')).map((a) => a.description)).toEqual(['Renamed “Three” to “Three!”', 'Created “Three”']);

    // 50 by default.
    await t.db.query(
      `INSERT INTO activities (user_id, type, severity, user_name, description, timestamp)
       SELECT $1, 'workflow_created', 'info', 'Reader', 'Created “Old ' || n || '”', now() - n * interval '1 minute' FROM generate_series(1, 60) n`,
      [user.id],
    );
    expect(await feed(user)).toHaveLength(50);
    expect(await feed(user, '?limit=200')).toHaveLength(66);
    await t.db.query(`DELETE FROM activities WHERE user_id = $1 AND description LIKE 'Created “Old %'`, [user.id]);
  });

  it('filters by activity_types, comma-separated', async () => {
    const renames = await feed(user, '?activity_types=workflow_renamed');
    expect(renames.map((a) => a.workflow_id)).toEqual([...ids].reverse());
    expect(await feed(user, '?activity_types=workflow_renamed,%20workflow_created&limit=3')).toHaveLength(3);
    expect(await feed(user, '?activity_types=run_failed,quota_reached')).toEqual([]);
    // Empty: every type.
    expect(await feed(user, '?activity_types=')).toHaveLength(6);
  });

  it('shows only the caller’s own activity', async () => {
    const stranger = await signedInUser(t.app, 'Stranger');
    expect(await feed(stranger)).toEqual([]);
    expect(await feed(stranger, '?activity_types=workflow_created')).toEqual([]);
  });

  it('refuses bad parameters with 400 VALIDATION naming the parameter, and a missing token with 401', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['activity_types=workflow_created,bogus', 'activity_types'],
      ['activity_types=RUN_FAILED', 'activity_types'],
    ] as const) {
      const response = await get(t.app, `/api/analytics/activity/recent?${query}`, { token: user.token });
      expect(response.statusCode, query).toBe(400);
      const body = response.json<{ code: string; errors: Record<string, string[]> }>();
      expect(body.code).toBe('VALIDATION');
      expect(Object.keys(body.errors)).toEqual([field]);
    }
    expect((await get(t.app, '/api/analytics/activity/recent')).statusCode).toBe(401);
  });

  it('prunes entries older than the retention (ACTIVITY_RETENTION_DAYS), counting from the latest occurrence', async () => {
    const keeper = await signedInUser(t.app, 'Keeper');
    await createFlow(t, keeper.token, 'Old');
    await createFlow(t, keeper.token, 'Recent');
    await t.db.query(`UPDATE activities SET created = now() - interval '100 days', timestamp = now() - interval '91 days' WHERE user_id = $1 AND description = 'Created “Old”'`, [keeper.id]);
    await t.db.query(`UPDATE activities SET created = now() - interval '100 days', timestamp = now() - interval '89 days' WHERE user_id = $1 AND description = 'Created “Recent”'`, [keeper.id]);
    expect(t.options.activityRetentionDays).toBe(90);
    await pruneExpiredRows(t.db, 60_000, t.options.activityRetentionDays);
    expect((await feed(keeper)).map((a) => a.description)).toEqual(['Created “Recent”']);
    await pruneExpiredRows(t.db, 60_000, 30);
    expect(await feed(keeper)).toEqual([]);
    // Others' recent entries stay.
    expect(await feed(user)).toHaveLength(6);
  });
});
