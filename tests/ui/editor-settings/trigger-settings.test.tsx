/** The trigger in the settings panel: pick a trigger piece, edit its inputs, switch or change it. */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { createEmptyVersion } from '../../../src/domain/index.ts';
import { blur, choose, click, PanelHarness, type } from './harness.tsx';

let panel: PanelHarness;
beforeEach(async () => {
  panel = new PanelHarness(createEmptyVersion({ id: 'v1', flowId: 'f1' }), 'trigger');
  await panel.render();
});
afterEach(async () => panel.unmount());

const pick = async (name: string) => {
  const button = Array.from(panel.container.querySelectorAll<HTMLButtonElement>('.settings-choice')).find((b) =>
    b.textContent?.startsWith(name),
  );
  if (!button) throw new Error(`no trigger piece ${name}`);
  await click(button);
};

describe('an empty trigger', () => {
  it('lists the trigger pieces and has no step options', () => {
    const names = Array.from(panel.container.querySelectorAll('.settings-choice .settings-piece-name')).map((n) => n.textContent);
    expect(names).toEqual(['Manual', 'Schedule', 'Webhook']);
    expect(panel.container.querySelector('[aria-label="Skip this step"]')).toBeNull();
  });

  it('becomes the chosen piece trigger with UPDATE_TRIGGER, valid when its inputs are', async () => {
    await pick('Manual');
    expect(panel.sent.at(-1)).toEqual({
      operation: {
        type: 'UPDATE_TRIGGER',
        request: {
          name: 'trigger',
          type: 'PIECE_TRIGGER',
          displayName: 'Run manually',
          settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {} },
        },
      },
      options: { groupKey: null },
    });
    expect(panel.version.trigger.valid).toBe(true);
  });
});

describe('a schedule trigger', () => {
  beforeEach(async () => pick('Schedule'));

  it('starts on its first trigger with the server’s defaults', () => {
    expect(panel.lastRequest).toMatchObject({
      settings: { pieceName: '@activepieces/piece-schedule', triggerName: 'every_x_minutes', input: { minutes: 1 } },
    });
    expect(panel.judged).toBe(true);
    expect(panel.control('Minutes').value).toBe('1');
  });

  it('switches to another of its triggers, and checks the inputs', async () => {
    await choose(panel.control<HTMLSelectElement>('Trigger'), 'every_day');
    expect(panel.lastRequest).toMatchObject({
      displayName: 'Every day',
      settings: { triggerName: 'every_day', input: { hour_of_the_day: 0, timezone: 'UTC', run_on_weekends: false } },
    });
    expect(panel.judged).toBe(true);
    await choose(panel.control<HTMLSelectElement>('Hour of the day'), '9');
    expect(panel.lastRequest).toMatchObject({ settings: { input: { hour_of_the_day: 9 } } });
    await click(panel.control('Run on weekends (Saturday and Sunday)'));
    expect(panel.lastRequest).toMatchObject({ settings: { input: { run_on_weekends: true } } });
    await choose(panel.control<HTMLSelectElement>('Trigger'), 'every_x_minutes');
    const minutes = panel.control('Minutes');
    await type(minutes, '90');
    await blur(minutes);
    expect(panel.judged).toBe(false);
    expect(panel.errorOf(minutes)).toBe('Enter a whole number from 1 to 59');
    expect(panel.sent.at(-1)?.options).toEqual({ groupKey: 'update:trigger:settings.input.minutes' });
  });

  it('goes back to the list with Change trigger', async () => {
    await click(panel.button('Change trigger'));
    expect(panel.lastRequest).toEqual({ name: 'trigger', type: 'EMPTY', displayName: 'Select Trigger', settings: {} });
    expect(panel.judged).toBe(false);
    expect(panel.container.querySelectorAll('.settings-choice')).toHaveLength(3);
  });
});

describe('a webhook trigger', () => {
  it('is valid once chosen (its URL is shown by the editor under the fields, step-tools.tsx)', async () => {
    await pick('Webhook');
    expect(panel.lastRequest).toMatchObject({ settings: { pieceName: '@activepieces/piece-webhook', triggerName: 'catch_webhook' } });
    expect(panel.judged).toBe(true);
  });
});
