/**
 * GET /workflow/{id} sends a large version's content from the text an autosave or import wrote, or an
 * earlier GET read (server/workflows/version-texts.ts), and only while it is that version, unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { toNestedFlowJson, type StoredFlowContent } from '../../src/domain/index.ts';
import { VersionTexts } from '../../server/workflows/version-texts.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, chain, createFlow, flatOf, readFlow, type Version } from './flows.ts';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ token } = await signedInUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

/** 2,000 code steps: a content text past the size worth keeping. */
const large = (name: string): StoredFlowContent => ({ ...chain(2000), displayName: name });
const names = (version: Version) => version.steps.map((step) => step.displayName);

/** What another process could do: write content straight to the row, stamped (`bumped`) or not. */
async function writeBehind(versionId: string, content: StoredFlowContent, bumped: boolean): Promise<void> {
  await t.db.query(
    `UPDATE flow_versions SET content = $2::jsonb ${bumped ? ", updated = updated + interval '1 second'" : ''} WHERE id = $1`,
    [versionId, JSON.stringify({ trigger: content.trigger, steps: content.steps })],
  );
}

describe('GET /api/workflow/{id} with a kept text', () => {
  it('sends what the autosave wrote, and reads the row again once another write stamped it', async () => {
    const { flow, version } = await createFlow(t, token);
    const content = large('Kept');
    const saved = await autosave(t, token, version, content);
    expect(saved.statusCode).toBe(200);
    const first = await readFlow(t, token, flow.id);
    expect(first.version.steps).toHaveLength(2000);
    expect(first.version.steps).toEqual(saved.json<{ version: Version }>().version.steps);

    // A write that did not move the stamp is one no writer makes; it shows the text came from memory.
    const renamed = { ...content, steps: content.steps.map((step) => ({ ...step, displayName: `${step.displayName}!` })) };
    await writeBehind(version.id, renamed, false);
    expect(names((await readFlow(t, token, flow.id)).version)[0]).toBe(content.steps[0]!.displayName);
    // Another process's write moves the stamp: the row is read again, and that text kept in turn.
    await writeBehind(version.id, renamed, true);
    const after = await readFlow(t, token, flow.id);
    expect(names(after.version)[0]).toBe(`${content.steps[0]!.displayName}!`);
    expect(after.version.updated).not.toBe(first.version.updated);
  });

  it('follows the version the workflow shows: a publish and the next draft', async () => {
    const { flow, version } = await createFlow(t, token);
    await autosave(t, token, version, large('Published'));
    const published = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: version.id }, { token });
    expect(published.statusCode).toBe(200);
    const locked = (await readFlow(t, token, flow.id)).version;
    expect(locked.state).toBe('LOCKED');
    const draft = large('Draft');
    draft.steps[0] = { ...draft.steps[0]!, displayName: 'First of the draft' };
    const saved = await autosave(t, token, locked, draft);
    expect(saved.json<{ newVersionCreated: boolean }>().newVersionCreated).toBe(true);
    const shown = (await readFlow(t, token, flow.id)).version;
    expect(shown.state).toBe('DRAFT');
    expect(names(shown)[0]).toBe('First of the draft');
  });

  it('sends an imported flow as imported, and nothing to another user', async () => {
    const imported = await post(t.app, '/api/workflow/import', JSON.parse(toNestedFlowJson(flatOf(large('Imported')))), { token });
    expect(imported.statusCode).toBe(201);
    const { flow } = imported.json<{ flow: { id: string } }>();
    const other = await signedInUser(t.app);
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await readFlow(t, token, flow.id)).version.steps).toHaveLength(2000);
  });
});

describe('VersionTexts', () => {
  it('keeps texts within its bytes, dropping the least recently used, and skips small ones', () => {
    const texts = new VersionTexts(30, 10);
    texts.keep('a', 'va', new Date(0), 'x'.repeat(12));
    texts.keep('b', 'vb', new Date(0), new Uint8Array(12));
    texts.keep('small', 'vs', new Date(0), 'tiny');
    expect(texts.size).toEqual({ entries: 2, bytes: 24 });
    expect(texts.candidate('a')?.versionId).toBe('va'); // now the most recently used
    texts.keep('c', 'vc', '2026-01-01T00:00:00.000Z', 'y'.repeat(12));
    expect(texts.candidate('b')).toBeUndefined();
    expect(texts.candidate('a')).toMatchObject({ versionId: 'va', updated: '1970-01-01T00:00:00.000Z' });
    texts.keep('a', 'va2', new Date(1), 'z'.repeat(40)); // larger than the whole: not kept, the old one gone
    expect(texts.candidate('a')).toBeUndefined();
    expect(texts.size).toEqual({ entries: 1, bytes: 12 });
  });
});
