/**
 * The billing pages the Billing screen links to, and how money is written on them. Pure.
 */
import { FORMAT_LOCALE } from '../../../format/index.ts';

export interface BillingPage {
  to: string;
  title: string;
  description: string;
}

export const BILLING_PAGES: readonly BillingPage[] = [
  { to: '/settings/pricing', title: 'Pricing', description: 'The plan and what it includes' },
  { to: '/settings/billing-history', title: 'Billing History', description: 'Invoices issued to this account' },
  { to: '/settings/balance-transactions', title: 'Balance Transactions', description: 'Credits and debits on your balance' },
  { to: '/settings/payment-cards', title: 'Payment Cards', description: 'Cards for paid plans' },
  { to: '/settings/invoice-addresses', title: 'Invoice Addresses', description: 'Who invoices are made out to' },
];

/** 1999, 'EUR' → '€19.99'; an unknown currency code falls back to '19.99 XYZ'. */
export function formatMoney(cents: number, currency: string): string {
  const amount = cents / 100;
  try {
    return new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
