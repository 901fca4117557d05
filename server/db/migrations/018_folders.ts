import type { Migration } from '../migrate.ts';

/**
 * Folders (issue 16): a user's named groups of workflows, as Activepieces and n8n have them (one level,
 * no nesting). A name is unique per user whatever its case ("Reports" and "reports" are one folder).
 *
 * `flows.folder_id` was free text that named nothing; it becomes a reference to one of the same user's
 * folders. The foreign key is (user_id, folder_id) → folders (user_id, id), so the database itself
 * refuses to file a workflow in another user's folder, and deleting a folder moves its workflows out of
 * it (SET NULL on folder_id only; user_id stays). Earlier free-text values referred to no folder and are
 * cleared.
 */
export const foldersMigration: Migration = {
  version: 18,
  name: 'folders',
  sql: /* sql */ `
    CREATE TABLE folders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 100),
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      updated timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      UNIQUE (user_id, id)
    );
    CREATE UNIQUE INDEX folders_user_name_idx ON folders (user_id, lower(display_name));

    ALTER TABLE flows ALTER COLUMN folder_id TYPE uuid USING NULL;
    ALTER TABLE flows ADD CONSTRAINT flows_folder_fk
      FOREIGN KEY (user_id, folder_id) REFERENCES folders (user_id, id) ON DELETE SET NULL (folder_id);
    -- The list filtered by folder, and each folder's count.
    CREATE INDEX flows_user_folder_idx ON flows (user_id, folder_id);
  `,
};
