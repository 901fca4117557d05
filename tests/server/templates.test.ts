/**
 * Templates (SPEC §3): made from a workflow, listed (own and public), read (public ones by guests for
 * /template-preview), used (copied into a new workflow of the reader), deleted by their owner.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { fromNestedFlow } from '../../src/domain/index.ts';
import { del, get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, chain, createFlow, publishedFlow, readFlow, snapshot, UNKNOWN_ID, type Flow, type Version } from './flows.ts';

let t: TestServer;
let alice: { id: string; token: string; name: string };
let bob: { id: string; token: string; name: string };
let source: { flow: Flow; version: Version };

interface Template {
  id: string;
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  visibility: 'PRIVATE' | 'PUBLIC';
  created: string;
  authorName: string;
  stepCount: number;
  isOwner: boolean;
  flow?: { displayName: string; trigger: { nextAction?: { name: string; nextAction?: unknown } } };
}

beforeAll(async () => {
  t = await startTestServer();
  alice = await signedInUser(t.app, 'Alice Author');
  bob = await signedInUser(t.app, 'Bob Borrower');
  source = await publishedFlow(t, alice.token, { ...chain(3), displayName: 'Invoice sync' });
});
afterAll(async () => {
  await t?.close();
});

const share = (body: Record<string, unknown>, token = alice.token) =>
  post(t.app, '/api/templates', { workflow_id: source.flow.id, title: 'Invoice sync', visibility: 'PUBLIC', ...body }, { token });

describe('POST /api/templates', () => {
  it('makes a template of the workflow’s latest version', async () => {
    const response = await share({ description: 'Sync invoices nightly', category: 'Finance', tags: ['invoices', 'nightly', 'invoices'] });
    expect(response.statusCode).toBe(201);
    const template = response.json<Template>();
    expect(template).toMatchObject({
      title: 'Invoice sync',
      description: 'Sync invoices nightly',
      category: 'Finance',
      tags: ['invoices', 'nightly'],
      visibility: 'PUBLIC',
      authorName: 'Alice Author',
      stepCount: 3,
      isOwner: true,
    });
    expect(template.flow?.displayName).toBe('Invoice sync');
    expect(template.flow?.trigger.nextAction).toMatchObject({ name: 'step_1', nextAction: { name: 'step_2' } });
    // The nested flow is an Activepieces flow: it imports back as it was.
    const reimported = fromNestedFlow(template.flow);
    expect(reimported.steps.filter(Boolean)).toHaveLength(3);
  });

  it('snapshots the latest version: the draft when there is one', async () => {
    const draft = (await autosave(t, alice.token, source.version, chain(5))).json<{ version: Version }>().version;
    expect(draft.state).toBe('DRAFT');
    const template = (await share({ title: 'From draft', visibility: 'PRIVATE' })).json<Template>();
    expect(template).toMatchObject({ stepCount: 5, visibility: 'PRIVATE', description: '', category: null, tags: [] });
  });

  it('refuses bad input and unknown workflows, writing nothing', async () => {
    const before = await snapshot(t);
    const bad = [
      { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { tags: ['x'.repeat(33)] },
      { tags: [''] },
      { tags: 'one' },
      { visibility: 'SECRET' },
      { visibility: undefined },
      { title: '' },
      { title: 't'.repeat(256) },
      { description: 'd'.repeat(2001) },
      { category: 5 },
      { workflow_id: 'abc' },
    ];
    for (const body of bad) {
      const response = await share(body);
      expect({ body, status: response.statusCode }).toMatchObject({ status: 400 });
      expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await share({ workflow_id: UNKNOWN_ID })).json()).toEqual({ code: 'FLOW_NOT_FOUND', message: 'Workflow not found' });
    expect((await share({}, 'bad-token')).statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a flow longer than 4,000 steps in one chain, but shares 4,000', async () => {
    const long = await createFlow(t, alice.token, 'Long');
    await autosave(t, alice.token, long.version, chain(10_000));
    const refused = await post(t.app, '/api/templates', { workflow_id: long.flow.id, title: 'Long', visibility: 'PRIVATE' }, { token: alice.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'VALIDATION', message: 'Flows of more than 4,000 steps in one chain cannot be shared as templates yet' });

    const fits = await createFlow(t, alice.token, 'Fits');
    await autosave(t, alice.token, fits.version, chain(4_000));
    const shared = await post(t.app, '/api/templates', { workflow_id: fits.flow.id, title: 'Fits', visibility: 'PRIVATE' }, { token: alice.token });
    expect(shared.statusCode).toBe(201);
    const template = JSON.parse(shared.body) as Template;
    expect(template.stepCount).toBe(4_000);
    const read = await get(t.app, `/api/templates/${template.id}`, { token: alice.token });
    expect(read.statusCode).toBe(200);
    expect(fromNestedFlow(JSON.parse(read.body).flow).steps.filter(Boolean)).toHaveLength(4_000);
    await del(t.app, `/api/templates/${template.id}`, { token: alice.token });
  });
});

describe('GET /api/templates', () => {
  it('lists the reader’s own templates and every public one, without flows', async () => {
    const bobsPrivate = (
      await post(t.app, '/api/templates', { workflow_id: (await createFlow(t, bob.token, 'Bob flow')).flow.id, title: 'Bob private', visibility: 'PRIVATE' }, { token: bob.token })
    ).json<Template>();
    const forAlice = (await get(t.app, '/api/templates', { token: alice.token })).json<{ data: Template[] }>().data;
    expect(forAlice.map((x) => x.title).sort()).toEqual(['From draft', 'Invoice sync']);
    expect(forAlice.every((x) => x.isOwner && !('flow' in x))).toBe(true);
    const forBob = (await get(t.app, '/api/templates', { token: bob.token })).json<{ data: Template[] }>().data;
    expect(forBob.map((x) => [x.title, x.isOwner]).sort()).toEqual([
      ['Bob private', true],
      ['Invoice sync', false],
    ]);
    expect(forBob.find((x) => x.id === bobsPrivate.id)?.authorName).toBe('Bob Borrower');
    expect((await get(t.app, '/api/templates')).statusCode).toBe(401);
  });
});

describe('GET /api/templates/{id}', () => {
  let publicId: string;
  let privateId: string;
  beforeAll(async () => {
    const all = (await get(t.app, '/api/templates', { token: alice.token })).json<{ data: Template[] }>().data;
    publicId = all.find((x) => x.visibility === 'PUBLIC')!.id;
    privateId = all.find((x) => x.visibility === 'PRIVATE')!.id;
  });

  it('lets a guest read a public template with its flow', async () => {
    const response = await get(t.app, `/api/templates/${publicId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json<Template>()).toMatchObject({ id: publicId, isOwner: false, flow: { displayName: 'Invoice sync' } });
  });

  it('shows a private template to its owner only: 404 to guests and other users', async () => {
    expect((await get(t.app, `/api/templates/${privateId}`, { token: alice.token })).json<Template>()).toMatchObject({ isOwner: true, stepCount: 5 });
    const notFound = { code: 'ENTITY_NOT_FOUND', message: 'Template not found' };
    expect((await get(t.app, `/api/templates/${privateId}`)).json()).toEqual(notFound);
    expect((await get(t.app, `/api/templates/${privateId}`, { token: bob.token })).json()).toEqual(notFound);
    expect((await get(t.app, `/api/templates/${UNKNOWN_ID}`, { token: bob.token })).json()).toEqual(notFound);
    // A malformed id answers like a missing one (issue 16), signed in or not.
    expect((await get(t.app, '/api/templates/nope')).json()).toEqual(notFound);
    expect((await get(t.app, '/api/templates/x', { token: bob.token })).json()).toEqual(notFound);
  });

  it('answers 401 to a token that is sent but invalid, so the client refreshes it', async () => {
    expect((await get(t.app, `/api/templates/${publicId}`, { token: 'expired.or.forged' })).statusCode).toBe(401);
  });
});

describe('POST /api/templates/{id}/use', () => {
  it('copies a public template into a new workflow of the reader', async () => {
    const template = (await get(t.app, '/api/templates', { token: bob.token })).json<{ data: Template[] }>().data.find((x) => x.title === 'Invoice sync')!;
    const response = await post(t.app, `/api/templates/${template.id}/use`, undefined, { token: bob.token });
    expect(response.statusCode).toBe(201);
    const { flow, version } = response.json<{ flow: Flow; version: Version }>();
    expect(flow).toMatchObject({ displayName: 'Invoice sync', status: 'DISABLED', publishedVersionId: null });
    expect(version).toMatchObject({ state: 'DRAFT', valid: true, trigger: source.version.trigger, steps: source.version.steps });
    expect((await readFlow(t, bob.token, flow.id)).flow.id).toBe(flow.id);
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token: alice.token })).statusCode).toBe(404);
  });

  it('refuses another user’s private template, unknown ids and guests', async () => {
    const privateId = (await get(t.app, '/api/templates', { token: alice.token })).json<{ data: Template[] }>().data.find((x) => x.visibility === 'PRIVATE')!.id;
    const before = await snapshot(t);
    expect((await post(t.app, `/api/templates/${privateId}/use`, undefined, { token: bob.token })).statusCode).toBe(404);
    expect((await post(t.app, `/api/templates/${UNKNOWN_ID}/use`, undefined, { token: bob.token })).statusCode).toBe(404);
    expect((await post(t.app, `/api/templates/${privateId}/use`)).statusCode).toBe(401);
    expect((await post(t.app, '/api/templates/x/use', undefined, { token: bob.token })).statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
    expect((await post(t.app, `/api/templates/${privateId}/use`, undefined, { token: alice.token })).statusCode).toBe(201);
  });
});

describe('DELETE /api/templates/{id}', () => {
  it('lets only the owner delete, even a public template', async () => {
    const publicId = (await get(t.app, '/api/templates', { token: bob.token })).json<{ data: Template[] }>().data.find((x) => x.title === 'Invoice sync')!.id;
    const refused = await del(t.app, `/api/templates/${publicId}`, { token: bob.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Template not found' });
    expect((await del(t.app, `/api/templates/${publicId}`, { token: alice.token })).json()).toEqual({ success: true });
    expect((await get(t.app, `/api/templates/${publicId}`)).statusCode).toBe(404);
    expect((await del(t.app, '/api/templates/1', { token: alice.token })).json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Template not found' });
  });
});
