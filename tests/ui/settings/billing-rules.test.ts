/**
 * The pure rules behind the System and billing screens: how limits and quota use are written, how a
 * 3-D Secure return becomes one plain, bounded sentence, and the invoice-address form's checks.
 */
import { describe, expect, it } from '@rstest/core';
import { formatKilobytes, formatSeconds, limitRows, quotaUse } from '../../../src/ui/screens/settings/engine-limits.ts';
import { threeDsOutcome } from '../../../src/ui/screens/settings/billing/three-ds.ts';
import { addressLines, asDefault, countryName, countryOptions, formDefaults, vatError, vatHint } from '../../../src/ui/screens/settings/billing/address-form.ts';
import { formatMoney } from '../../../src/ui/screens/settings/billing/billing-pages.ts';

const LIMITS = {
  dailyQuota: 1000,
  concurrency: 5,
  concurrencyPerUser: 4,
  codeThreads: 3,
  codeTimeoutMs: 10_000,
  codeMemoryMb: 64,
  httpTimeoutMs: 1500,
  maxStepDataKb: 2048,
  maxRunDataMb: 8,
  maxLogLines: 2000,
  maxLoopIterations: 10_000,
  maxDelaySeconds: 3600,
  scheduleMinIntervalSeconds: 90,
  webhookPerMinute: 600,
};

describe('limits', () => {
  it('are written in the units people read, one row per limit with its setting', () => {
    const rows = Object.fromEntries(limitRows(LIMITS).map((row) => [row.id, `${row.value} (${row.setting})`]));
    expect(Object.keys(rows)).toHaveLength(Object.keys(LIMITS).length);
    expect(rows).toMatchObject({
      dailyQuota: '1,000 (RUN_DAILY_QUOTA)',
      codeTimeoutMs: '10 s (CODE_TIMEOUT_MS)',
      httpTimeoutMs: '1,500 ms (HTTP_PIECE_TIMEOUT_MS)',
      maxStepDataKb: '2 MB (RUN_MAX_STEP_DATA_KB)',
      maxRunDataMb: '8 MB (RUN_MAX_RUN_DATA_MB)',
      maxDelaySeconds: '1 h (DELAY_PIECE_MAX_SECONDS)',
      scheduleMinIntervalSeconds: '1 min 30 s (SCHEDULE_MIN_INTERVAL_SECONDS)',
    });
    expect(limitRows({ ...LIMITS, dailyQuota: 0 })[0]!.value).toBe('No limit');
    expect([formatKilobytes(512), formatKilobytes(1536), formatKilobytes(1024 * 1024)]).toEqual(['512 KB', '1,536 KB', '1 GB']);
    expect([formatSeconds(0), formatSeconds(59), formatSeconds(3661)]).toEqual(['0 s', '59 s', '1 h 1 min 1 s']);
  });

  it('measure today’s runs against the quota, capped at full, and say when there is no limit', () => {
    expect(quotaUse(12, 1000)).toEqual({ text: '12 of 1,000 runs', percent: 1 });
    expect(quotaUse(1500, 1000)).toEqual({ text: '1,500 of 1,000 runs', percent: 100 });
    expect(quotaUse(1, 0)).toEqual({ text: '1 run today, no daily limit', percent: undefined });
  });

  it('write money in its currency', () => {
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    expect(formatMoney(-1999, 'USD')).toBe('-$19.99');
    expect(formatMoney(500, 'XY')).toBe('5.00 XY');
  });
});

describe('the 3-D Secure return', () => {
  const outcome = (query: string) => threeDsOutcome(new URLSearchParams(query));

  it('says what came back, with the reference, and that nothing was charged', () => {
    expect(outcome('payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded')).toEqual({
      kind: 'success',
      message: 'Card authentication succeeded (pi_123). No payment provider is configured, so nothing was charged.',
    });
    expect(outcome('setup_intent=seti_9&redirect_status=failed').kind).toBe('error');
    expect(outcome('redirect_status=processing').message).toBe('Card authentication is still processing. No payment provider is configured, so nothing was charged.');
    expect(outcome('').kind).toBe('warning');
    expect(outcome('').message).toMatch(/^The card authentication page returned no result\./);
  });

  it('never repeats a client secret, and reads anything else as bounded plain text', () => {
    expect(outcome('payment_intent_client_secret=pi_1_secret_zzz&redirect_status=succeeded').message).not.toContain('secret');
    // A reference that is not an id is left out rather than shown.
    expect(outcome('payment_intent=<b>x</b>&redirect_status=succeeded').message).toBe(
      'Card authentication succeeded. No payment provider is configured, so nothing was charged.',
    );
    expect(outcome(`payment_intent=${'p'.repeat(65)}&redirect_status=succeeded`).message).not.toContain('ppp');
    const odd = outcome(`redirect_status=${encodeURIComponent(`line\nbreak\u0000${'x'.repeat(100)}`)}`);
    expect(odd.kind).toBe('warning');
    expect(odd.message).toBe(`The card authentication page returned an unrecognised status “line break ${'x'.repeat(29)}…”. No payment provider is configured, so nothing was charged.`);
  });
});

describe('the invoice-address form', () => {
  it('lists every country by its English name, and names them', () => {
    const options = countryOptions();
    expect(options).toHaveLength(250);
    expect(options[0]).toEqual({ value: '', label: 'Choose a country' });
    expect(options.find((o) => o.value === 'DE')?.label).toBe('Germany');
    expect(countryName('GR')).toBe('Greece');
  });

  it('checks the VAT id against the chosen country and says what a good one looks like', () => {
    expect(vatError('DE', '')).toBeUndefined();
    expect(vatError('', 'DE123')).toBeUndefined();
    expect(vatError('DE', 'DE 123 456 789')).toBeUndefined();
    expect(vatError('DE', 'NL123456789B01')).toBe('Not a valid VAT id for Germany (e.g. DE123456789)');
    expect(vatError('US', '12-3456789')).toBeUndefined();
    expect(vatHint('AT')).toBe('VAT id for Austria, e.g. ATU12345678');
    expect(vatHint('JP')).toBe('Your tax id, if the invoice should carry one');
  });

  it('starts a first address as the default, and writes an address as it is printed', () => {
    expect(formDefaults(undefined, true).isDefault).toBe(true);
    expect(formDefaults(undefined, false).isDefault).toBe(false);
    const address = {
      id: 'a',
      name: 'Grace',
      company: '',
      line1: '1 Main Street',
      line2: '',
      city: 'Arlington',
      postalCode: 'VA 22201',
      country: 'US',
      vatId: '',
      isDefault: false,
      created: '',
      updated: '',
    };
    expect(addressLines(address)).toEqual(['1 Main Street', 'Arlington VA 22201', 'United States']);
    expect(addressLines({ ...address, company: 'ACME', country: 'DE', city: 'Berlin', postalCode: '10115' })).toEqual(['ACME', '1 Main Street', '10115 Berlin', 'Germany']);
    expect(asDefault(address)).toMatchObject({ name: 'Grace', country: 'US', isDefault: true });
  });
});
