/**
 * Billing: the plan and usage, billing history and balance transactions (paged), and invoice addresses.
 * Replies are checked with the contract's schemas; an address is checked before it is sent with the
 * same schema the server parses it with (a refusal is then the server's 400 VALIDATION, without the
 * round trip).
 *
 * Query keys: ['billing', 'overview'], ['billing', 'invoices', page], ['billing', 'balance', page] and
 * ['billing', 'addresses']; address changes invalidate ['billing', 'addresses'].
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  balanceTransactionPageSchema,
  billingOverviewSchema,
  invoiceAddressBodySchema,
  invoiceAddressListSchema,
  invoiceAddressSchema,
  invoicePageSchema,
  type BalanceTransaction,
  type BillingOverview,
  type Invoice,
  type InvoiceAddress,
  type InvoiceAddressBody,
} from '../domain/contract/billing.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';

export type { BalanceTransaction, BillingOverview, Invoice, InvoiceAddress, InvoiceAddressBody };

/** Rows per page of billing history and balance transactions. */
export const BILLING_PAGE_SIZE = 10;

export function createBillingApi(http: HttpClient) {
  const address = (id: string) => `/billing/invoice-addresses/${encodeURIComponent(id)}`;
  return {
    async overview(): Promise<BillingOverview> {
      return billingOverviewSchema.parse(await http.request('/billing'));
    },
    async invoices(page: number) {
      return invoicePageSchema.parse(await http.request('/billing/invoices', { query: { page, limit: BILLING_PAGE_SIZE } }));
    },
    async balanceTransactions(page: number) {
      return balanceTransactionPageSchema.parse(await http.request('/billing/balance-transactions', { query: { page, limit: BILLING_PAGE_SIZE } }));
    },
    async addresses() {
      return invoiceAddressListSchema.parse(await http.request('/billing/invoice-addresses'));
    },
    async createAddress(body: InvoiceAddressBody): Promise<InvoiceAddress> {
      return invoiceAddressSchema.parse(await http.request('/billing/invoice-addresses', { method: 'POST', body: checkedBody(invoiceAddressBodySchema, body) }));
    },
    async updateAddress(id: string, body: InvoiceAddressBody): Promise<InvoiceAddress> {
      return invoiceAddressSchema.parse(await http.request(address(id), { method: 'PUT', body: checkedBody(invoiceAddressBodySchema, body) }));
    },
    async removeAddress(id: string): Promise<void> {
      await http.request(address(id), { method: 'DELETE' });
    },
  };
}

export const billingApi = createBillingApi(authenticatedClient);

export const billingKeys = {
  all: ['billing'] as const,
  overview: ['billing', 'overview'] as const,
  invoices: (page: number) => ['billing', 'invoices', page] as const,
  balance: (page: number) => ['billing', 'balance', page] as const,
  addresses: ['billing', 'addresses'] as const,
};

export const billingOverviewQuery = () => queryOptions({ queryKey: billingKeys.overview, queryFn: () => billingApi.overview() });

export const invoicePageQuery = (page: number) =>
  queryOptions({ queryKey: billingKeys.invoices(page), queryFn: () => billingApi.invoices(page), placeholderData: keepPreviousData });

export const balancePageQuery = (page: number) =>
  queryOptions({ queryKey: billingKeys.balance(page), queryFn: () => billingApi.balanceTransactions(page), placeholderData: keepPreviousData });

export const addressListQuery = () => queryOptions({ queryKey: billingKeys.addresses, queryFn: () => billingApi.addresses() });
