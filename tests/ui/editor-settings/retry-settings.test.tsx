/**
 * 'Retry on failure' in the step settings panel (issue 15): off by default; switching it on sends the
 * defaults (four attempts, doubling from 2 s up to 60 s) in errorHandlingOptions.retryOnFailure beside
 * continue on failure; attempts, back-off and delays are sent as chosen; a delay out of bounds shows why
 * and is not sent; switching it off keeps the choices; loops have no such field; read-only sends nothing.
 */
import { afterEach, describe, expect, it } from '@rstest/core';
import { choose, click, PanelHarness, type, versionWith } from './harness.tsx';

let panel: PanelHarness;
afterEach(async () => panel.unmount());

const open = async (choice: Parameters<typeof versionWith>[0], readOnly = false) => {
  panel = new PanelHarness(versionWith(choice), 'step_1', readOnly);
  return panel.render();
};
const retryOf = () => (panel.lastRequest as { settings: { errorHandlingOptions?: { retryOnFailure?: unknown } } }).settings.errorHandlingOptions?.retryOnFailure;

describe('retry on failure', () => {
  it('is off by default and sends the defaults when switched on', async () => {
    await open({ type: 'CODE' });
    const toggle = panel.control<HTMLInputElement>('Retry on failure');
    expect(toggle.checked).toBe(false);
    expect(panel.container.textContent).not.toContain('Attempts');
    // SPEC §9's message text, where the retry is offered.
    expect(panel.container.textContent).toContain('retry up to four attempts');
    await click(toggle);
    expect(retryOf()).toEqual({ value: true, attempts: 4, backoff: 'EXPONENTIAL', delaySeconds: 2, maxDelaySeconds: 60 });
    expect(panel.control<HTMLSelectElement>('Attempts').value).toBe('4');
    expect(panel.control<HTMLInputElement>('Maximum delay (seconds)').value).toBe('60');
  });

  it('sends attempts, a fixed delay and keeps continue on failure beside it', async () => {
    await open({ type: 'CODE' });
    await click(panel.control('Continue on failure'));
    await click(panel.control('Retry on failure'));
    await choose(panel.control<HTMLSelectElement>('Attempts'), '3');
    await choose(panel.control<HTMLSelectElement>('Wait between attempts'), 'FIXED');
    expect(panel.container.textContent).not.toContain('Maximum delay');
    await type(panel.control('Delay (seconds)'), '5');
    const request = panel.lastRequest as { settings: { errorHandlingOptions: Record<string, unknown> } };
    expect(request.settings.errorHandlingOptions).toEqual({
      continueOnFailure: { value: true },
      retryOnFailure: { value: true, attempts: 3, backoff: 'FIXED', delaySeconds: 5, maxDelaySeconds: 60 },
    });
  });

  it('shows why a delay is refused and sends nothing for it', async () => {
    await open({ type: 'PIECE', pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: 'send_request', displayName: 'Send HTTP request' });
    await click(panel.control('Retry on failure'));
    const sent = panel.sent.length;
    await type(panel.control('First delay (seconds)'), '301');
    expect(panel.container.textContent).toContain('Enter 0 to 300 seconds');
    await type(panel.control('Maximum delay (seconds)'), 'abc');
    expect(panel.container.textContent).toContain('Enter a number of seconds');
    expect(panel.sent.length).toBe(sent);
    await type(panel.control('Maximum delay (seconds)'), '1');
    expect(panel.container.textContent).toContain('The maximum delay must be at least the delay');
    expect(panel.sent.length).toBe(sent);
    await type(panel.control('Maximum delay (seconds)'), '30');
    expect(retryOf()).toMatchObject({ maxDelaySeconds: 30 });
    expect(panel.control<HTMLInputElement>('Maximum delay (seconds)').getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the choices when switched off, and loops have no such field', async () => {
    await open({ type: 'CODE' });
    await click(panel.control('Retry on failure'));
    await choose(panel.control<HTMLSelectElement>('Attempts'), '5');
    await click(panel.control('Retry on failure'));
    expect(retryOf()).toMatchObject({ value: false, attempts: 5 });
    await panel.unmount();
    await open({ type: 'LOOP_ON_ITEMS' });
    expect(panel.container.textContent).not.toContain('Retry on failure');
  });

  it('cannot be changed on a read-only version', async () => {
    await open({ type: 'CODE' }, true);
    const toggle = panel.control<HTMLInputElement>('Retry on failure');
    expect(toggle.disabled).toBe(true);
    await click(toggle);
    expect(panel.sent).toHaveLength(0);
  });
});
