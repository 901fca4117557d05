/**
 * invoice_addresses (migration 014), always filtered by the owner. A user has at most
 * MAX_INVOICE_ADDRESSES, and exactly one default while they have any: the first address becomes the
 * default, making one the default unsets the others, and deleting the default hands it to the oldest
 * remaining one. Every write takes a per-user advisory lock inside its transaction, so two requests at
 * once cannot pass the count or leave two defaults (the partial unique index would refuse the second
 * anyway, as a 500; the lock makes it wait its turn instead).
 */
import type { InvoiceAddressWrite } from '../../src/domain/contract/billing.ts';
import type { Database, Queryable, Transaction } from '../db/database.ts';

export interface InvoiceAddressRow {
  id: string;
  user_id: string;
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  country: string;
  vat_id: string;
  is_default: boolean;
  created: Date | string;
  updated: Date | string;
}

const COLUMNS = 'id, user_id, name, company, line1, line2, city, postal_code, country, vat_id, is_default, created, updated';

export async function listAddresses(db: Queryable, userId: string): Promise<InvoiceAddressRow[]> {
  const { rows } = await db.query<InvoiceAddressRow>(
    `SELECT ${COLUMNS} FROM invoice_addresses WHERE user_id = $1 ORDER BY is_default DESC, created, id`,
    [userId],
  );
  return rows;
}

export async function findAddress(db: Queryable, userId: string, id: string): Promise<InvoiceAddressRow | undefined> {
  const { rows } = await db.query<InvoiceAddressRow>(`SELECT ${COLUMNS} FROM invoice_addresses WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows[0];
}

/** Serializes one user's address writes (released when the transaction ends). */
async function lockUser(tx: Transaction, userId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('invoice-addresses:' || $1::text, 0))`, [userId]);
}

async function clearDefault(tx: Transaction, userId: string, exceptId: string | null): Promise<void> {
  await tx.query('UPDATE invoice_addresses SET is_default = false WHERE user_id = $1 AND is_default AND id IS DISTINCT FROM $2', [userId, exceptId]);
}

const writeParams = (write: InvoiceAddressWrite) => [
  write.name,
  write.company,
  write.line1,
  write.line2,
  write.city,
  write.postalCode,
  write.country,
  write.vatId,
];

export type InsertOutcome = { row: InvoiceAddressRow } | { tooMany: true };

export function insertAddress(db: Database, userId: string, write: InvoiceAddressWrite, max: number): Promise<InsertOutcome> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const { rows: counted } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM invoice_addresses WHERE user_id = $1', [userId]);
    const count = counted[0]?.n ?? 0;
    if (count >= max) return { tooMany: true };
    // The first address is the default whatever was asked: a user with addresses always has one.
    const isDefault = count === 0 || write.isDefault === true;
    if (isDefault) await clearDefault(tx, userId, null);
    const { rows } = await tx.query<InvoiceAddressRow>(
      `INSERT INTO invoice_addresses (user_id, name, company, line1, line2, city, postal_code, country, vat_id, is_default)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
      [userId, ...writeParams(write), isDefault],
    );
    return { row: rows[0]! };
  });
}

export type UpdateOutcome = { row: InvoiceAddressRow } | { missing: true } | { keepsDefault: true };

/** Replaces an address; `isDefault: false` on the default is refused (another must be made default). */
export function updateAddress(db: Database, userId: string, id: string, write: InvoiceAddressWrite): Promise<UpdateOutcome> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await findAddress(tx, userId, id);
    if (!existing) return { missing: true };
    if (existing.is_default && write.isDefault === false) return { keepsDefault: true };
    const isDefault = existing.is_default || write.isDefault === true;
    if (isDefault && !existing.is_default) await clearDefault(tx, userId, id);
    const { rows } = await tx.query<InvoiceAddressRow>(
      `UPDATE invoice_addresses SET name = $3, company = $4, line1 = $5, line2 = $6, city = $7, postal_code = $8, country = $9,
         vat_id = $10, is_default = $11, updated = date_trunc('milliseconds', clock_timestamp())
       WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId, ...writeParams(write), isDefault],
    );
    return { row: rows[0]! };
  });
}

/** Deletes an address; when it was the default, the oldest remaining one becomes the default. */
export function deleteAddress(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const { rows } = await tx.query<{ is_default: boolean }>('DELETE FROM invoice_addresses WHERE id = $1 AND user_id = $2 RETURNING is_default', [id, userId]);
    if (!rows[0]) return false;
    if (rows[0].is_default) {
      await tx.query(
        `UPDATE invoice_addresses SET is_default = true
         WHERE id = (SELECT id FROM invoice_addresses WHERE user_id = $1 ORDER BY created, id LIMIT 1)`,
        [userId],
      );
    }
    return true;
  });
}
