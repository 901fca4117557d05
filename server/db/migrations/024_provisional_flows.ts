import type { Migration } from '../migrate.ts';

/**
 * Provisional workflows (issue 17): /workflows/create makes a workflow for the editor to open at once,
 * and a visit that is abandoned (Back, a closed tab) used to leave an 'Untitled' draft behind each time.
 * Such a workflow is now created `provisional`: the list and the folder counts leave it out, its first
 * write (any autosave, rename, move, publish, status: everything goes through updateFlow) makes it an
 * ordinary workflow, and the hourly prune deletes one left untouched for a day. The server decides, so a
 * closed tab leaves nothing listed, whatever the browser managed to send.
 *
 * The partial index serves the prune, which looks only at provisional rows.
 */
export const provisionalFlowsMigration: Migration = {
  version: 24,
  name: 'provisional_flows',
  sql: /* sql */ `
    ALTER TABLE flows ADD COLUMN provisional boolean NOT NULL DEFAULT false;
    CREATE INDEX flows_provisional_created_idx ON flows (created) WHERE provisional;
  `,
};
