/**
 * Billing (issue 14): the free plan built from the configured limits and the day's real usage; invoice
 * addresses as real CRUD (one default, bounded count and lengths, EU VAT formats per country, a 400
 * naming the field with nothing written, another user's ids answering 404); billing history and balance
 * transactions paged from their tables.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { checkVatId, EU_VAT_FORMATS } from '../../src/domain/contract/vat.ts';
import { COUNTRY_CODES } from '../../src/domain/contract/countries.ts';
import { loadConfig } from '../../server/config.ts';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { createFlow, publishedFlow, UNKNOWN_ID } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger } from './run-flows.ts';

interface Address {
  id: string;
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
  vatId: string;
  isDefault: boolean;
  created: string;
  updated: string;
}

let t: TestServer;
let token: string;
let userId: string;
let other: { id: string; token: string };

const ADDRESSES = '/api/billing/invoice-addresses';
const valid = { name: 'Ada Lovelace', company: 'Analytical Engines Ltd', line1: 'Hauptstraße 1', line2: '2. OG', city: 'Berlin', postalCode: '10115', country: 'DE', vatId: 'DE 123 456 789' };

const create = (body: unknown, as = token) => post(t.app, ADDRESSES, body, { token: as });
const list = async (as = token) => {
  const reply = await get(t.app, ADDRESSES, { token: as });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ data: Address[]; max: number }>();
};
const addressRows = async () => (await t.db.query<Record<string, unknown>>('SELECT * FROM invoice_addresses ORDER BY id')).rows;

beforeAll(async () => {
  // A quota of its own, so the plan is seen to come from the configuration and not a constant.
  t = await startTestServer({ engine: { ...loadConfig({}).engine, dailyQuota: 7, concurrencyPerUser: 3 } });
  const user = await signedInUser(t.app, 'Billing Owner');
  ({ token, id: userId } = user);
  other = await signedInUser(t.app, 'Someone Else');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /billing', () => {
  it('shows the free plan with the configured limits and the day’s real usage', async () => {
    const before = (await get(t.app, '/api/billing', { token })).json();
    expect(before).toMatchObject({
      plan: { id: 'free', name: 'Free', priceCents: 0, limits: { dailyQuota: 7, concurrencyPerUser: 3, codeMemoryMb: 64, maxStepDataKb: 2048 } },
      usage: { runsToday: 0, workflows: 0, enabledWorkflows: 0 },
      paymentProvider: null,
    });
    const start = new Date(before.usage.periodStart);
    expect(start.getUTCHours() + start.getUTCMinutes()).toBe(0);
    expect(new Date(before.usage.periodEnd).getTime() - start.getTime()).toBe(86_400_000);

    const { flow } = await publishedFlow(t, token, flowOf('Counted', manualTrigger(), [code(1, 'return 1;')]));
    await createFlow(t, token, 'Draft only');
    const started = await post(t.app, `/api/workflow/run/${flow.id}`, undefined, { token });
    expect(started.statusCode).toBe(202);
    await finishedRun(t, token, started.json<{ id: string }>().id);

    const after = (await get(t.app, '/api/billing', { token })).json();
    expect(after.usage).toMatchObject({ runsToday: 1, workflows: 2 });
    // Someone else's usage is their own.
    expect((await get(t.app, '/api/billing', { token: other.token })).json().usage).toMatchObject({ runsToday: 0, workflows: 0 });
  });

  it('needs a signed-in user', async () => {
    expect((await get(t.app, '/api/billing')).statusCode).toBe(401);
    expect((await get(t.app, ADDRESSES)).statusCode).toBe(401);
  });
});

describe('invoice addresses', () => {
  it('are created, listed, read, replaced and deleted; the first is the default and the VAT id is normalized', async () => {
    const first = await create(valid);
    expect(first.statusCode).toBe(201);
    const a = first.json<Address>();
    expect(a).toMatchObject({ ...valid, vatId: 'DE123456789', isDefault: true });

    const second = await create({ name: 'Grace Hopper', line1: '1 Main St', city: 'Arlington', postalCode: 'va 22201', country: 'US' });
    expect(second.statusCode).toBe(201);
    const b = second.json<Address>();
    expect(b).toMatchObject({ company: '', line2: '', postalCode: 'VA 22201', vatId: '', isDefault: false });

    expect((await list()).data.map((x) => [x.id, x.isDefault])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect((await get(t.app, `${ADDRESSES}/${b.id}`, { token })).json()).toEqual(b);

    // Making the second the default unsets the first; the default is listed first.
    const replaced = await put(t.app, `${ADDRESSES}/${b.id}`, { name: 'Grace M. Hopper', line1: '2 Main St', city: 'Arlington', country: 'US', vatId: '12-3456789', isDefault: true }, { token });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Grace M. Hopper', line1: '2 Main St', postalCode: '', vatId: '123456789', isDefault: true });
    expect((await list()).data.map((x) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);

    // The default cannot be unset by itself: another must be made the default.
    const unset = await put(t.app, `${ADDRESSES}/${b.id}`, { name: 'X', line1: 'Y', city: 'Z', country: 'US', isDefault: false }, { token });
    expect(unset.statusCode).toBe(400);
    expect(unset.json()).toMatchObject({ code: 'VALIDATION', errors: { isDefault: ['Make another address the default instead'] } });
    expect((await list()).data[0]).toMatchObject({ id: b.id, name: 'Grace M. Hopper' });

    // Deleting the default hands it to the oldest remaining address.
    expect((await del(t.app, `${ADDRESSES}/${b.id}`, { token })).json()).toEqual({ success: true });
    expect((await list()).data.map((x) => [x.id, x.isDefault])).toEqual([[a.id, true]]);
    expect((await get(t.app, `${ADDRESSES}/${b.id}`, { token })).statusCode).toBe(404);
    expect((await del(t.app, `${ADDRESSES}/${b.id}`, { token })).statusCode).toBe(404);
  });

  it('answer another user’s ids exactly like missing ones, and never list them', async () => {
    const mine = (await list()).data[0]!;
    const before = await addressRows();
    const theirs = { token: other.token };
    const body = { ...valid, name: 'Intruder' };
    for (const [label, reply, unknown] of [
      ['GET', await get(t.app, `${ADDRESSES}/${mine.id}`, theirs), await get(t.app, `${ADDRESSES}/${UNKNOWN_ID}`, theirs)],
      ['PUT', await put(t.app, `${ADDRESSES}/${mine.id}`, body, theirs), await put(t.app, `${ADDRESSES}/${UNKNOWN_ID}`, body, theirs)],
      ['DELETE', await del(t.app, `${ADDRESSES}/${mine.id}`, theirs), await del(t.app, `${ADDRESSES}/${UNKNOWN_ID}`, theirs)],
    ] as const) {
      expect(reply.statusCode, label).toBe(404);
      expect(reply.body, label).toBe(unknown.body);
    }
    expect((await list(other.token)).data).toEqual([]);
    expect(await addressRows()).toEqual(before);
  });

  it('refuse bad input with a 400 naming the field, and write nothing', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['no name', { ...valid, name: '' }, 'name'],
      ['a blank name', { ...valid, name: '   ' }, 'name'],
      ['a long name', { ...valid, name: 'n'.repeat(101) }, 'name'],
      ['a name over two lines', { ...valid, name: 'Ada\nLovelace' }, 'name'],
      ['a NUL in the company', { ...valid, company: 'A\u0000B' }, 'company'],
      ['a long company', { ...valid, company: 'c'.repeat(101) }, 'company'],
      ['no first line', { ...valid, line1: undefined }, 'line1'],
      ['a long second line', { ...valid, line2: 'l'.repeat(201) }, 'line2'],
      ['no city', { ...valid, city: '' }, 'city'],
      ['a postal code with symbols', { ...valid, postalCode: '10115!' }, 'postalCode'],
      ['a long postal code', { ...valid, postalCode: '1'.repeat(17) }, 'postalCode'],
      ['an unknown country', { ...valid, country: 'XX' }, 'country'],
      ['a lower-case country', { ...valid, country: 'de' }, 'country'],
      ['a country name', { ...valid, country: 'Germany' }, 'country'],
      ['a VAT id of the wrong format', { ...valid, vatId: 'DE12345' }, 'vatId'],
      ['another state’s VAT id', { ...valid, vatId: 'FR12345678901' }, 'vatId'],
      ['a long VAT id', { ...valid, vatId: 'D'.repeat(33) }, 'vatId'],
      ['a VAT id that is a number', { ...valid, vatId: 123456789 }, 'vatId'],
      ['a default that is text', { ...valid, isDefault: 'yes' }, 'isDefault'],
      ['a lone surrogate', { ...valid, city: 'Berlin\uD800' }, 'city'],
    ];
    const mine = (await list()).data[0]!;
    const before = await addressRows();
    for (const [label, body, field] of cases) {
      for (const reply of [await create(body), await put(t.app, `${ADDRESSES}/${mine.id}`, body, { token })]) {
        expect(reply.statusCode, label).toBe(400);
        const answer = reply.json<{ code: string; errors: Record<string, string[]> }>();
        expect(answer.code, label).toBe('VALIDATION');
        expect(Object.keys(answer.errors), label).toEqual([field]);
      }
    }
    for (const body of [undefined, 'text', [], null, { ...valid, extra: { deep: [1] } }]) {
      const reply = await create(body);
      // Unknown fields are ignored (zod strips them); everything else is refused.
      if (reply.statusCode === 201) await del(t.app, `${ADDRESSES}/${reply.json<Address>().id}`, { token });
      else expect(reply.statusCode).toBe(400);
    }
    // A malformed id answers like a missing one (issue 16).
    expect((await get(t.app, `${ADDRESSES}/not-a-uuid`, { token })).json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Invoice address not found' });
    expect(await addressRows()).toEqual(before);
  });

  it(`are bounded: the eleventh is refused and nothing is written`, async () => {
    const { token: fresh } = await signedInUser(t.app, 'Many Addresses');
    for (let i = 0; i < 10; i++) expect((await create({ ...valid, name: `Address ${i}` }, fresh)).statusCode).toBe(201);
    const before = await addressRows();
    const refused = await create({ ...valid, name: 'Eleventh' }, fresh);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', errors: { _: ['You can keep at most 10 invoice addresses'] } });
    expect(await addressRows()).toEqual(before);
    const { data, max } = await list(fresh);
    expect([data.length, max, data.filter((a) => a.isDefault).length]).toEqual([10, 10, 1]);
  });

  it('stay with one default when many are made default at once', async () => {
    const { token: racer } = await signedInUser(t.app, 'Racer');
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ ...valid, name: `Racer ${i}`, isDefault: true }, racer)));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await list(racer)).data.filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe('VAT ids', () => {
  it('take every EU state’s documented format, with or without its prefix, and refuse others', async () => {
    const good: Record<string, string[]> = {
      AT: ['ATU12345678', 'U12345678'],
      BE: ['BE0123456789', 'BE 1234.567.890'],
      BG: ['BG123456789', 'BG1234567890'],
      CY: ['CY12345678L'],
      CZ: ['CZ12345678', 'CZ1234567890'],
      DE: ['DE123456789', '123456789'],
      DK: ['DK12 34 56 78'],
      EE: ['EE123456789'],
      ES: ['ESX1234567X', 'ES12345678Z', 'ESA12345678'],
      FI: ['FI12345678'],
      FR: ['FR12345678901', 'FRAB123456789', 'FR 12 345678901'],
      GR: ['EL123456789', 'GR123456789', '123456789'],
      HR: ['HR12345678901'],
      HU: ['HU12345678'],
      IE: ['IE1234567WA', 'IE1234567T', 'IE1A23456T'],
      IT: ['IT12345678901'],
      LT: ['LT123456789', 'LT123456789012'],
      LU: ['LU12345678'],
      LV: ['LV12345678901'],
      MT: ['MT12345678'],
      NL: ['NL123456789B01', 'nl123456789b01'],
      PL: ['PL1234567890', 'PL 123-456-78-90'],
      PT: ['PT123456789'],
      RO: ['RO12', 'RO1234567890'],
      SE: ['SE123456789001'],
      SI: ['SI12345678'],
      SK: ['SK1234567890'],
    };
    const bad: Record<string, string[]> = {
      AT: ['AT12345678', 'ATU1234567'],
      BE: ['BE2123456789', 'BE012345678'],
      DE: ['DE12345678', 'DE1234567890', 'DEX23456789', 'FR123456789'],
      ES: ['ES123456789'],
      FR: ['FRIO123456789', 'FR1234567890'],
      GR: ['EL12345678'],
      IE: ['IE12345678'],
      NL: ['NL123456789A01', 'NL12345678B01'],
      RO: ['RO0123', 'RO12345678901'],
      SE: ['SE123456789002'],
    };
    expect(Object.keys(good).sort()).toEqual(Object.keys(EU_VAT_FORMATS).sort());
    for (const [country, ids] of Object.entries(good)) {
      expect(checkVatId(country, EU_VAT_FORMATS[country]!.example), `${country} example`).toMatchObject({ ok: true });
      for (const id of ids) expect(checkVatId(country, id), `${country} ${id}`).toMatchObject({ ok: true });
    }
    for (const [country, ids] of Object.entries(bad)) {
      for (const id of ids) expect(checkVatId(country, id), `${country} ${id}`).toMatchObject({ ok: false });
    }
    expect(checkVatId('GR', 'GR 123 456 789')).toEqual({ ok: true, vatId: 'EL123456789' });
    expect(checkVatId('AT', 'u12345678')).toEqual({ ok: true, vatId: 'ATU12345678' });
    expect(checkVatId('DE', 'FR12345678901')).toEqual({ ok: false, message: 'Not a valid VAT id for Germany (e.g. DE123456789)' });
    // Outside the EU any plain tax id of 2–20 letters and digits.
    expect(checkVatId('CH', 'CHE-123.456.789 MWST')).toEqual({ ok: true, vatId: 'CHE123456789MWST' });
    expect(checkVatId('US', 'X')).toMatchObject({ ok: false });
    expect(checkVatId('US', '#12345')).toMatchObject({ ok: false });
    // A country that names a member of every object is a country like any other (found by the fuzz suite:
    // 'constructor' took Object's constructor for a VAT format, a 500).
    for (const country of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(checkVatId(country, 'ABC123')).toEqual({ ok: true, vatId: 'ABC123' });
    expect(COUNTRY_CODES).toHaveLength(249);

    const odd = await create({ ...valid, country: 'constructor', vatId: '🙂🙂' }, (await signedInUser(t.app, 'Odd Country')).token);
    expect(odd.statusCode).toBe(400);
    expect(odd.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('country');

    // Through the API: each state's example is stored with its prefix; a bad one names vatId.
    const { token: vat } = await signedInUser(t.app, 'VAT Checker');
    for (const [country, format] of Object.entries(EU_VAT_FORMATS).slice(0, 9)) {
      const reply = await create({ ...valid, country, vatId: format.example.slice(format.prefix.length) }, vat);
      expect(reply.statusCode, country).toBe(201);
      expect(reply.json<Address>().vatId, country).toBe(format.example);
    }
    const refused = await create({ ...valid, country: 'NL', vatId: 'NL123' }, vat);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', errors: { vatId: ['Not a valid VAT id for Netherlands (e.g. NL123456789B01)'] } });
  });
});

describe('billing history and balance transactions', () => {
  it('answer empty pages from their empty tables', async () => {
    for (const path of ['/api/billing/invoices', '/api/billing/balance-transactions']) {
      const reply = await get(t.app, path, { token });
      expect(reply.statusCode, path).toBe(200);
      expect(reply.json(), path).toEqual({ data: [], total: 0, page: 1, limit: 10 });
    }
  });

  it('page the owner’s rows, newest first, and only the owner’s', async () => {
    // Nothing writes these tables without a payment provider: the rows are put in as one would.
    await t.db.query(
      `INSERT INTO invoices (user_id, number, description, period_start, period_end, amount_cents, currency, status, issued_at)
       SELECT $1, 'INV-' || lpad(i::text, 4, '0'), 'Month ' || i, now() - interval '30 days', now(), i * 100, 'EUR', 'paid',
              timestamptz '2024-01-01T00:00:00Z' + i * interval '1 day'
       FROM generate_series(1, 23) AS i`,
      [userId],
    );
    await t.db.query(
      `INSERT INTO balance_transactions (user_id, type, description, amount_cents, balance_after_cents, currency, created)
       SELECT $1, CASE WHEN i % 2 = 0 THEN 'credit' ELSE 'debit' END, 'Entry ' || i, CASE WHEN i % 2 = 0 THEN 500 ELSE -200 END, i * 10, 'EUR',
              timestamptz '2024-01-01T00:00:00Z' + i * interval '1 hour'
       FROM generate_series(1, 12) AS i`,
      [userId],
    );
    const invoices = (await get(t.app, '/api/billing/invoices?page=3&limit=10', { token })).json();
    expect({ ...invoices, data: invoices.data.map((x: { number: string }) => x.number) }).toEqual({
      data: ['INV-0003', 'INV-0002', 'INV-0001'],
      total: 23,
      page: 3,
      limit: 10,
    });
    expect(invoices.total).toBe(23);
    const first = (await get(t.app, '/api/billing/invoices?limit=2', { token })).json();
    expect(first.data[0]).toMatchObject({ number: 'INV-0023', amount: 2300, currency: 'EUR', status: 'paid', description: 'Month 23' });
    const beyond = (await get(t.app, '/api/billing/invoices?page=9', { token })).json();
    expect(beyond).toMatchObject({ data: [], total: 23, page: 9 });

    const transactions = (await get(t.app, '/api/billing/balance-transactions?limit=5', { token })).json();
    expect(transactions.total).toBe(12);
    expect(transactions.data.map((x: { description: string }) => x.description)).toEqual(['Entry 12', 'Entry 11', 'Entry 10', 'Entry 9', 'Entry 8']);
    expect(transactions.data[1]).toMatchObject({ type: 'debit', amount: -200, balanceAfter: 110, invoiceId: null });

    for (const path of ['/api/billing/invoices', '/api/billing/balance-transactions']) {
      expect((await get(t.app, path, { token: other.token })).json(), path).toMatchObject({ data: [], total: 0 });
      for (const [query, field] of [['page=0', 'page'], ['page=x', 'page'], ['limit=101', 'limit'], ['limit=-1', 'limit'], ['page=1.5', 'page']] as const) {
        const reply = await get(t.app, `${path}?${query}`, { token });
        expect(reply.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(reply.json<{ errors: object }>().errors), `${path}?${query}`).toEqual([field]);
      }
    }
  });
});
