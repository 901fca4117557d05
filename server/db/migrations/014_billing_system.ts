import type { Migration } from '../migrate.ts';

/**
 * Billing and the System screen (issue 14).
 *
 * - `worker_heartbeats`: one row per server process that runs workers, upserted every few seconds
 *   (server/system/heartbeat.ts) and deleted when the process stops; a crashed process's row simply
 *   stops being refreshed, the System screen lists rows seen in the last minute, and pruning deletes
 *   rows a day old. It belongs to no user.
 * - `invoice_addresses`: a user's billing addresses, at most one of them the default (a partial unique
 *   index says so to every process at once).
 * - `invoices` and `balance_transactions`: what billing history and balance transactions read. No
 *   payment provider is configured, so nothing writes them yet; they exist so the screens show what the
 *   database holds rather than a made-up list, and so a provider integration has its tables.
 *   Amounts are integer minor units (cents) with an ISO 4217 currency.
 */
export const billingSystemMigration: Migration = {
  version: 14,
  name: 'billing and system',
  sql: /* sql */ `
    CREATE TABLE worker_heartbeats (
      id text PRIMARY KEY,
      app_version text NOT NULL,
      worker_slots integer NOT NULL CHECK (worker_slots >= 0),
      started_at timestamptz NOT NULL,
      last_seen timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
    );
    CREATE INDEX worker_heartbeats_seen_idx ON worker_heartbeats (last_seen);

    CREATE TABLE invoice_addresses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      company text NOT NULL DEFAULT '',
      line1 text NOT NULL,
      line2 text NOT NULL DEFAULT '',
      city text NOT NULL,
      postal_code text NOT NULL DEFAULT '',
      country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
      vat_id text NOT NULL DEFAULT '',
      is_default boolean NOT NULL DEFAULT false,
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
      updated timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
    );
    CREATE INDEX invoice_addresses_user_idx ON invoice_addresses (user_id, created, id);
    CREATE UNIQUE INDEX invoice_addresses_one_default_idx ON invoice_addresses (user_id) WHERE is_default;

    CREATE TABLE invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      number text NOT NULL,
      description text NOT NULL DEFAULT '',
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      amount_cents bigint NOT NULL,
      currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'void', 'uncollectible')),
      issued_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
      UNIQUE (user_id, number)
    );
    CREATE INDEX invoices_user_time_idx ON invoices (user_id, issued_at DESC, id DESC);

    CREATE TABLE balance_transactions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('credit', 'debit', 'adjustment', 'refund')),
      description text NOT NULL DEFAULT '',
      amount_cents bigint NOT NULL,
      balance_after_cents bigint NOT NULL,
      currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      invoice_id uuid REFERENCES invoices (id) ON DELETE SET NULL,
      created timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
    );
    CREATE INDEX balance_transactions_user_time_idx ON balance_transactions (user_id, created DESC, id DESC);
  `,
};
