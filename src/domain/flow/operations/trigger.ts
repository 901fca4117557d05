/**
 * UPDATE_TRIGGER: replaces the trigger's type, display name and settings, keeping the steps after it.
 * As in Activepieces, the trigger's sample data survives the update when the request does not carry
 * any (the settings panel does not send it back). The trigger's validity is judged afresh; a `valid` in
 * the request is ignored.
 */
import type { VersionEdit } from '../edit.ts';
import { invalidOperation, stepNotFound } from '../errors.ts';
import { plain } from '../immer.ts';
import type { JsonObject } from '../json.ts';
import { TRIGGER_NAME } from '../names.ts';
import type { UpdateTriggerRequest } from '../operation-schemas.ts';
import { syncField } from './sync.ts';

const KEPT_SAMPLE_DATA = ['sampleData', 'inputUiInfo'] as const;

export function updateTrigger(edit: VersionEdit, request: UpdateTriggerRequest): void {
  if (request.name !== TRIGGER_NAME) {
    if (edit.get(request.name)) throw invalidOperation(`${request.name} is an action; change it with UPDATE_ACTION`);
    throw stepNotFound(request.name);
  }
  const current = plain(edit.trigger);
  const settings: JsonObject = { ...request.settings };
  const previous = current.settings as JsonObject;
  for (const key of KEPT_SAMPLE_DATA) {
    if (settings[key] === undefined && previous[key] !== undefined) settings[key] = previous[key];
  }
  const target = edit.editTrigger() as unknown as JsonObject;
  target.type = request.type;
  target.displayName = request.displayName;
  syncField(target, 'settings', previous, settings);
  edit.revalidate(TRIGGER_NAME);
}
