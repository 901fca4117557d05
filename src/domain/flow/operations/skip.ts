/** SET_SKIP_ACTION (Activepieces' `{names, skip}`): marks steps to be skipped when the flow runs. */
import type { VersionEdit } from '../edit.ts';
import { invalidOperation } from '../errors.ts';
import { TRIGGER_NAME } from '../names.ts';
import type { SkipActionRequest } from '../operation-schemas.ts';

export function setSkip(edit: VersionEdit, request: SkipActionRequest): void {
  for (const name of request.names) {
    if (name === TRIGGER_NAME) throw invalidOperation('The trigger cannot be skipped');
    edit.require(name);
  }
  for (const name of request.names) edit.edit(name).skip = request.skip;
}
