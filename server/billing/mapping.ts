import type { BalanceTransaction, InvoiceAddress, Invoice } from '../../src/domain/contract/billing.ts';
import { iso } from '../db/stored-values.ts';
import type { InvoiceAddressRow } from './addresses-repository.ts';
import type { BalanceTransactionRow, InvoiceRow } from './ledger-repository.ts';

export function toInvoiceAddress(row: InvoiceAddressRow): InvoiceAddress {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    vatId: row.vat_id,
    isDefault: row.is_default,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}

/** bigint columns come back as text from pg; amounts stay far inside Number's exact range. */
const cents = (value: string | number): number => Number(value);

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    periodStart: iso(row.period_start),
    periodEnd: iso(row.period_end),
    amount: cents(row.amount_cents),
    currency: row.currency,
    status: row.status,
    issuedAt: iso(row.issued_at),
  };
}

export function toBalanceTransaction(row: BalanceTransactionRow): BalanceTransaction {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    amount: cents(row.amount_cents),
    balanceAfter: cents(row.balance_after_cents),
    currency: row.currency,
    invoiceId: row.invoice_id,
    created: iso(row.created),
  };
}
