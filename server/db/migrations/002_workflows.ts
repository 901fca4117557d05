import type { Migration } from '../migrate.ts';

/**
 * Workflows (flows and their versions), runs, variables and templates. Every row belongs to a user and
 * every query filters by it; deleting a user or a flow removes what hangs off it.
 *
 * Timestamps that clients compare (a version's `updated`, the autosave conflict stamp) are kept to the
 * millisecond, the precision of the ISO strings the API sends, so the stamp a client echoes back is
 * exactly the stored one.
 */
export const workflowsMigration: Migration = {
  version: 2,
  name: 'workflows',
  sql: /* sql */ `
    CREATE TABLE flows (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'DISABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
      folder_id text,
      published_version_id uuid,
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      updated timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
    );
    -- The list: one user's flows, newest update first (paginate).
    CREATE INDEX flows_user_updated_idx ON flows (user_id, updated DESC, id DESC);
    -- Schedules and status filters.
    CREATE INDEX flows_user_status_idx ON flows (user_id, status);

    CREATE TABLE flow_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
      display_name text NOT NULL,
      state text NOT NULL CHECK (state IN ('DRAFT', 'LOCKED')),
      valid boolean NOT NULL,
      schema_version text,
      -- The domain's stored content: {trigger, steps}, flat (links by name), whatever the flow's size.
      content jsonb NOT NULL,
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      updated timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
    );
    CREATE INDEX flow_versions_flow_idx ON flow_versions (flow_id, created DESC);
    -- One draft per flow, as Activepieces.
    CREATE UNIQUE INDEX flow_versions_one_draft_idx ON flow_versions (flow_id) WHERE state = 'DRAFT';
    ALTER TABLE flows ADD CONSTRAINT flows_published_version_fk
      FOREIGN KEY (published_version_id) REFERENCES flow_versions (id) ON DELETE SET NULL;

    CREATE TABLE flow_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
      version_id uuid REFERENCES flow_versions (id) ON DELETE SET NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      status text NOT NULL,
      start_time timestamptz NOT NULL,
      finish_time timestamptz,
      -- Every step's run (status, input, output, error, duration, loop iterations), as one JSON array.
      steps jsonb NOT NULL DEFAULT '[]'::jsonb,
      created timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX flow_runs_user_start_idx ON flow_runs (user_id, start_time DESC, id DESC);
    CREATE INDEX flow_runs_flow_start_idx ON flow_runs (flow_id, start_time DESC);
    CREATE INDEX flow_runs_user_status_idx ON flow_runs (user_id, status, start_time DESC);

    CREATE TABLE variables (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- NULL: the user's global scope; else the workflow's own scope.
      flow_id uuid REFERENCES flows (id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('STRING', 'NUMBER', 'BOOLEAN', 'JSON')),
      -- Sensitive values are stored encrypted (see server/variables/encryption.ts).
      value text NOT NULL,
      sensitive boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
      description text NOT NULL DEFAULT '',
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
      updated timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
    );
    -- A name is unique per scope: once among a user's globals, once within each workflow.
    CREATE UNIQUE INDEX variables_global_name_idx ON variables (user_id, name) WHERE flow_id IS NULL;
    CREATE UNIQUE INDEX variables_flow_name_idx ON variables (flow_id, name) WHERE flow_id IS NOT NULL;

    CREATE TABLE templates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      category text,
      tags jsonb NOT NULL DEFAULT '[]'::jsonb,
      visibility text NOT NULL CHECK (visibility IN ('PRIVATE', 'PUBLIC')),
      step_count integer NOT NULL,
      -- The flow as stored content ({displayName, schemaVersion, trigger, steps}, flat).
      content jsonb NOT NULL,
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
    );
    CREATE INDEX templates_user_idx ON templates (user_id, created DESC);
    CREATE INDEX templates_public_idx ON templates (created DESC) WHERE visibility = 'PUBLIC';
  `,
};
