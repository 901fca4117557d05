/**
 * What billing history and balance transactions read (migration 014), a page at a time, newest first,
 * always filtered by the owner. Nothing writes these tables until a payment provider is configured;
 * the reads are real all the same, so the screens show what the database holds.
 */
import type { Queryable } from '../db/database.ts';

export interface InvoiceRow {
  id: string;
  number: string;
  description: string;
  period_start: Date | string;
  period_end: Date | string;
  amount_cents: string | number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  issued_at: Date | string;
}

export interface BalanceTransactionRow {
  id: string;
  type: 'credit' | 'debit' | 'adjustment' | 'refund';
  description: string;
  amount_cents: string | number;
  balance_after_cents: string | number;
  currency: string;
  invoice_id: string | null;
  created: Date | string;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

async function page<T>(db: Queryable, table: string, columns: string, order: string, userId: string, pageNumber: number, limit: number): Promise<Paged<T>> {
  const [{ rows }, counted] = await Promise.all([
    db.query<T>(`SELECT ${columns} FROM ${table} WHERE user_id = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`, [userId, limit, (pageNumber - 1) * limit]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId]),
  ]);
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

export const invoicePage = (db: Queryable, userId: string, pageNumber: number, limit: number) =>
  page<InvoiceRow>(
    db,
    'invoices',
    'id, number, description, period_start, period_end, amount_cents, currency, status, issued_at',
    'issued_at DESC, id DESC',
    userId,
    pageNumber,
    limit,
  );

export const balanceTransactionPage = (db: Queryable, userId: string, pageNumber: number, limit: number) =>
  page<BalanceTransactionRow>(
    db,
    'balance_transactions',
    'id, type, description, amount_cents, balance_after_cents, currency, invoice_id, created',
    'created DESC, id DESC',
    userId,
    pageNumber,
    limit,
  );

/** The user's workflows, and how many are enabled (the Billing screen's usage). */
export async function workflowCounts(db: Queryable, userId: string): Promise<{ total: number; enabled: number }> {
  const { rows } = await db.query<{ total: number; enabled: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'ENABLED')::int AS enabled FROM flows WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { total: 0, enabled: 0 };
}
