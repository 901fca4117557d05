/** The pieces catalogue: Activepieces' names where they exist, lookups, defaults the server can schedule. */
import { describe, expect, it } from '@rstest/core';
import {
  ACTION_PIECES,
  defaultPieceInput,
  findPiece,
  findPieceAction,
  findPieceTrigger,
  PIECE_INPUT_MESSAGES,
  pieceInputError,
  PIECES,
  TRIGGER_PIECES,
} from '../../../src/domain/pieces/index.ts';
import { nextRunOf, scheduleOf, SCHEDULE_PIECE } from '../../../server/workflows/schedules.ts';

describe('pieces catalogue', () => {
  it('uses Activepieces piece and action names so imported flows keep working', () => {
    expect(findPieceAction('@activepieces/piece-http', 'send_request')?.props.map((p) => p.name)).toEqual([
      'method',
      'url',
      'connection',
      'headers',
      'body',
      'timeout',
    ]);
    expect(findPieceAction('@activepieces/piece-delay', 'delay_for')?.props.map((p) => p.name)).toEqual(['delayFor', 'unit']);
    expect(findPieceAction('@activepieces/piece-data-mapper', 'advanced_mapping')?.props.map((p) => p.name)).toEqual(['mapping']);
    expect(findPiece('@activepieces/piece-store')?.actions.map((a) => a.name)).toEqual(['put', 'get', 'remove_value']);
    expect(findPieceTrigger('@activepieces/piece-webhook', 'catch_webhook')?.props).toEqual([]);
    expect(findPieceTrigger('@flowsmith/piece-manual', 'manual')).toBeDefined();
    expect(findPieceAction('@flowsmith/piece-notification', 'send_notification')?.props.map((p) => p.name)).toEqual(['message', 'level']);
  });

  it('answers undefined for unknown pieces, actions and triggers', () => {
    expect(findPiece('@activepieces/piece-slack')).toBeUndefined();
    expect(findPiece('')).toBeUndefined();
    expect(findPieceAction('@activepieces/piece-http', 'nope')).toBeUndefined();
    expect(findPieceTrigger('@activepieces/piece-http', 'send_request')).toBeUndefined();
  });

  it('offers the http method and the delay unit as dropdowns with the documented choices', () => {
    const method = findPieceAction('@activepieces/piece-http', 'send_request')!.props[0]!;
    expect(method).toMatchObject({ type: 'STATIC_DROPDOWN', required: true });
    expect(method.options?.map((o) => o.value)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
    const unit = findPieceAction('@activepieces/piece-delay', 'delay_for')!.props[1]!;
    expect(unit.options?.map((o) => o.value)).toEqual(['seconds', 'minutes', 'hours']);
  });

  it('splits action pieces from trigger pieces, and every piece has what the UI shows', () => {
    expect(TRIGGER_PIECES.map((p) => p.displayName)).toEqual(['Manual', 'Schedule', 'Webhook']);
    expect(ACTION_PIECES.every((p) => p.actions.length > 0)).toBe(true);
    for (const piece of PIECES) {
      expect(piece.displayName).not.toBe('');
      expect(piece.version).toMatch(/^\d+\.\d+\.\d+$/);
      for (const item of [...piece.actions, ...piece.triggers]) {
        expect(new Set(item.props.map((p) => p.name)).size).toBe(item.props.length);
        for (const prop of item.props) if (prop.type === 'STATIC_DROPDOWN') expect(prop.options?.length).toBeGreaterThan(0);
      }
    }
  });

  it('offers the http connection as a choice of the server’s, which takes no reference', () => {
    const connection = findPieceAction('@activepieces/piece-http', 'send_request')!.props.find((p) => p.name === 'connection')!;
    expect(connection).toMatchObject({ type: 'DYNAMIC_DROPDOWN', required: false, dynamicOptions: true });
    expect(pieceInputError(connection, 'My API')).toBeUndefined();
    expect(pieceInputError(connection, undefined)).toBeUndefined();
    expect(pieceInputError(connection, '{{trigger.connection}}')).toBe(PIECE_INPUT_MESSAGES.choice);
    expect(pieceInputError(connection, 42)).toBe(PIECE_INPUT_MESSAGES.choice);
  });

  it('gives default inputs as copies, never the catalogue’s own objects', () => {
    const props = findPieceAction('@activepieces/piece-data-mapper', 'advanced_mapping')!.props;
    const a = defaultPieceInput(props);
    const b = defaultPieceInput(props);
    expect(a).toEqual({ mapping: {} });
    expect(a.mapping).not.toBe(b.mapping);
    expect(defaultPieceInput(findPieceAction('@activepieces/piece-http', 'send_request')!.props)).toEqual({ method: 'GET' });
  });
});

describe('schedule triggers', () => {
  const piece = findPiece(SCHEDULE_PIECE)!;

  it('are the server’s schedule piece and trigger names, with its inputs', () => {
    expect(piece).toBeDefined();
    const inputs = Object.fromEntries(piece.triggers.map((t) => [t.name, t.props.map((p) => p.name)]));
    expect(inputs).toEqual({
      every_x_minutes: ['minutes'],
      every_hour: ['run_on_weekends'],
      every_day: ['hour_of_the_day', 'timezone', 'run_on_weekends'],
      every_week: ['day_of_the_week', 'hour_of_the_day', 'timezone'],
      every_month: ['day_of_the_month', 'hour_of_the_day', 'timezone'],
      cron_expression: ['cronExpression', 'timezone'],
    });
  });

  it('start with defaults the server turns into a schedule with a next run', () => {
    for (const trigger of piece.triggers) {
      const schedule = scheduleOf({
        name: 'trigger',
        type: 'PIECE_TRIGGER',
        displayName: trigger.displayName,
        valid: true,
        next: null,
        settings: { pieceName: piece.name, pieceVersion: piece.version, triggerName: trigger.name, input: defaultPieceInput(trigger.props) },
      });
      expect(schedule, trigger.name).toBeDefined();
      expect(nextRunOf(schedule!), trigger.name).not.toBeNull();
    }
  });

  it('offer UTC and the time zones the runtime knows', () => {
    const timezone = findPieceTrigger(SCHEDULE_PIECE, 'every_day')!.props.find((p) => p.name === 'timezone')!;
    const zones = timezone.options!.map((o) => o.value);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(timezone.defaultValue).toBe('UTC');
  });
});
