/**
 * The templates gallery (issue 17): GET /templates a page at a time with search, tags, category and
 * scope, PATCH /templates/:id by the owner only (another user's, public or not, answers 404 like a
 * missing one and changes nothing), and the search and tag filters answered by migration 023's indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { del, get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { chain, publishedFlow, snapshot, UNKNOWN_ID } from './flows.ts';

let t: TestServer;
let alice: { id: string; token: string };
let bob: { id: string; token: string };
let aliceFlow: string;
let bobFlow: string;

interface Summary {
  id: string;
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  visibility: 'PRIVATE' | 'PUBLIC';
  isOwner: boolean;
}
interface Page {
  data: Summary[];
  total: number;
  page: number;
  limit: number;
}

const share = async (token: string, workflow_id: string, body: Record<string, unknown>) => {
  const response = await post(t.app, '/api/templates', { workflow_id, visibility: 'PRIVATE', ...body }, { token });
  expect(response.statusCode).toBe(201);
  return response.json<Summary>();
};
const list = async (token: string, query = '') => {
  const response = await get(t.app, `/api/templates${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
};
const titles = (page: Page) => page.data.map((x) => x.title);
const patch = (id: string, body: unknown, token?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/templates/${id}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });

let bobsPublic: Summary;
let bobsPrivate: Summary;
let aliceInvoices: Summary;

beforeAll(async () => {
  t = await startTestServer();
  alice = await signedInUser(t.app, 'Alice Author');
  bob = await signedInUser(t.app, 'Bob Builder');
  aliceFlow = (await publishedFlow(t, alice.token, { ...chain(2), displayName: 'A' })).flow.id;
  bobFlow = (await publishedFlow(t, bob.token, { ...chain(2), displayName: 'B' })).flow.id;
  // Made in this order, so newest first is the reverse.
  aliceInvoices = await share(alice.token, aliceFlow, { title: 'Invoice sync', description: 'Copies invoices nightly', category: 'Finance', tags: ['crm', 'finance'] });
  await share(alice.token, aliceFlow, { title: 'Lead digest', description: 'Daily summary of new leads', category: 'Sales', tags: ['crm', 'email'], visibility: 'PUBLIC' });
  bobsPublic = await share(bob.token, bobFlow, { title: 'Slack alerts', description: 'Posts failed invoices to Slack', category: 'Finance', tags: ['slack', 'finance'], visibility: 'PUBLIC' });
  bobsPrivate = await share(bob.token, bobFlow, { title: 'Bob secret plan', description: 'Invoice everything', tags: ['crm'] });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/templates (the gallery)', () => {
  it('lists the reader’s own and every public template, newest first, never another user’s private one', async () => {
    const forAlice = await list(alice.token);
    expect(titles(forAlice)).toEqual(['Slack alerts', 'Lead digest', 'Invoice sync']);
    expect(forAlice).toMatchObject({ total: 3, page: 1, limit: 12 });
    expect(forAlice.data.map((x) => x.isOwner)).toEqual([false, true, true]);
    expect(titles(await list(bob.token))).toEqual(['Bob secret plan', 'Slack alerts', 'Lead digest']);
  });

  it('narrows by scope: mine, or public only', async () => {
    expect(titles(await list(alice.token, '?scope=mine'))).toEqual(['Lead digest', 'Invoice sync']);
    expect(titles(await list(alice.token, '?scope=public'))).toEqual(['Slack alerts', 'Lead digest']);
    expect(titles(await list(bob.token, '?scope=public'))).toEqual(['Slack alerts', 'Lead digest']);
  });

  it('searches title and description by word prefixes, case-insensitively, within what the reader may see', async () => {
    expect(titles(await list(alice.token, '?search=INVOIC'))).toEqual(['Slack alerts', 'Invoice sync']);
    expect(titles(await list(alice.token, '?search=invoice%20night'))).toEqual(['Invoice sync']);
    expect(titles(await list(alice.token, '?search=leads'))).toEqual(['Lead digest']);
    // Bob's private template mentions invoices too, but only Bob sees it.
    expect(titles(await list(bob.token, '?search=invoice'))).toEqual(['Bob secret plan', 'Slack alerts']);
    // to_tsquery's own syntax typed into the box is words, not operators.
    expect(titles(await list(alice.token, `?search=${encodeURIComponent("sync:* | ! & ('")}`))).toEqual(['Invoice sync']);
    expect((await list(alice.token, '?search=nothing-like-it')).data).toEqual([]);
    // Only punctuation: no words, so no search.
    expect((await list(alice.token, '?search=%21%21')).total).toBe(3);
  });

  it('filters by tags (every one given) and by category', async () => {
    expect(titles(await list(alice.token, '?tag=crm'))).toEqual(['Lead digest', 'Invoice sync']);
    expect(titles(await list(alice.token, '?tag=crm&tag=finance'))).toEqual(['Invoice sync']);
    expect(titles(await list(alice.token, '?tag=finance&category=Finance&search=slack'))).toEqual(['Slack alerts']);
    expect(titles(await list(bob.token, '?tag=crm&scope=mine'))).toEqual(['Bob secret plan']);
    expect((await list(alice.token, '?tag=CRM')).total).toBe(0);
  });

  it('pages with a total, and refuses out-of-bounds paging and oversized filters with 400', async () => {
    const first = await list(alice.token, '?limit=2');
    const second = await list(alice.token, '?limit=2&page=2');
    expect([titles(first), titles(second), first.total, second.total]).toEqual([['Slack alerts', 'Lead digest'], ['Invoice sync'], 3, 3]);
    expect((await list(alice.token, '?limit=2&page=9')).data).toEqual([]);
    for (const query of ['?limit=49', '?limit=0', '?page=0', '?scope=everyone', `?search=${'x'.repeat(101)}`, `?tag=${'t'.repeat(33)}`, `?${Array.from({ length: 11 }, (_, i) => `tag=t${i}`).join('&')}`]) {
      const refused = await get(t.app, `/api/templates${query}`, { token: alice.token });
      expect([query, refused.statusCode, refused.json<{ code: string }>().code]).toEqual([query, 400, 'VALIDATION']);
    }
    expect((await get(t.app, '/api/templates')).statusCode).toBe(401);
  });

  it('answers the search and the tag filter from their indexes', async () => {
    // A table this small is read whole unless sequential scans are off: then the plan shows the index exists and fits.
    const plan = async (where: string, param: string) => {
      const rows = await t.db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        return (await tx.query<Record<string, string>>(`EXPLAIN SELECT id FROM templates t WHERE ${where}`, [param])).rows;
      });
      return rows.map((row) => Object.values(row)[0]).join('\n');
    };
    expect(await plan("to_tsvector('simple', t.title || ' ' || t.description) @@ to_tsquery('simple', $1)", 'inv:*')).toContain('templates_search_idx');
    expect(await plan('t.tags @> $1::jsonb', '["crm"]')).toContain('templates_tags_idx');
  });
});

describe('PATCH /api/templates/{id}', () => {
  it('changes the owner’s template: the fields sent, tags kept once each, and the list finds it by its new words', async () => {
    const response = await patch(aliceInvoices.id, { title: 'Invoice mirror', tags: ['ops', 'crm', 'ops'], visibility: 'PUBLIC', category: null }, alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: aliceInvoices.id, title: 'Invoice mirror', description: 'Copies invoices nightly', category: null, tags: ['ops', 'crm'], visibility: 'PUBLIC', isOwner: true });
    expect(titles(await list(bob.token, '?search=mirror&tag=ops'))).toEqual(['Invoice mirror']);
    // An empty body changes nothing.
    expect((await patch(aliceInvoices.id, {}, alice.token)).json()).toMatchObject({ title: 'Invoice mirror', tags: ['ops', 'crm'] });
  });

  it('refuses bad fields with 400 naming them, and writes nothing', async () => {
    const before = await snapshot(t);
    const tooMany = await patch(aliceInvoices.id, { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, alice.token);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION', errors: { tags: ['At most 10 tags'] } });
    expect((await patch(aliceInvoices.id, { title: '  ' }, alice.token)).json()).toMatchObject({ code: 'VALIDATION', errors: { title: ['Enter a title'] } });
    expect((await patch(aliceInvoices.id, { visibility: 'SHARED' }, alice.token)).statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
    expect((await list(alice.token, '?scope=mine')).data.find((x) => x.id === aliceInvoices.id)?.title).toBe('Invoice mirror');
  });

  it('answers 404 for another user’s template, public or private, unknown and malformed ids, and changes nothing', async () => {
    const notFound = { code: 'ENTITY_NOT_FOUND', message: 'Template not found' };
    for (const id of [bobsPublic.id, bobsPrivate.id, UNKNOWN_ID, 'nope']) {
      const refused = await patch(id, { title: 'Stolen' }, alice.token);
      expect([id, refused.statusCode, refused.json()]).toEqual([id, 404, notFound]);
    }
    expect((await patch(bobsPublic.id, { title: 'Stolen' })).statusCode).toBe(401);
    expect(titles(await list(bob.token, '?scope=mine'))).toEqual(['Bob secret plan', 'Slack alerts']);
  });
});

describe('DELETE /api/templates/{id} from the gallery', () => {
  it('deletes only the owner’s template; another user’s public one answers 404 and stays listed', async () => {
    expect((await del(t.app, `/api/templates/${bobsPublic.id}`, { token: alice.token })).statusCode).toBe(404);
    expect(titles(await list(alice.token, '?scope=public'))).toContain('Slack alerts');
    expect((await del(t.app, `/api/templates/${bobsPublic.id}`, { token: bob.token })).json()).toEqual({ success: true });
    expect(titles(await list(alice.token))).toEqual(['Lead digest', 'Invoice mirror']);
  });
});
