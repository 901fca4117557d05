/**
 * Billing under /api/billing. There is one plan (free, its limits the engine's configuration) and no
 * payment provider, so nothing here charges or stores cards: the overview says so (`paymentProvider:
 * null`), history and balance transactions read their (empty) tables, and invoice addresses are the one
 * thing a person edits. Another user's address answers exactly as a missing one (404).
 */
import type { FastifyInstance } from 'fastify';
import {
  FREE_PLAN,
  invoiceAddressBodySchema,
  KEEP_A_DEFAULT_MESSAGE,
  MAX_INVOICE_ADDRESSES,
  TOO_MANY_ADDRESSES_MESSAGE,
  type BillingOverview,
} from '../../src/domain/contract/billing.ts';
import { billingPageQuerySchema } from '../../src/domain/contract/requests.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { EngineSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { runsToday } from '../runs/start-run.ts';
import { ApiError, validationError } from '../shared/api-error.ts';
import { engineLimitsOf, utcDay } from '../system/engine-limits.ts';
import { deleteAddress, findAddress, insertAddress, listAddresses, updateAddress } from './addresses-repository.ts';
import { balanceTransactionPage, invoicePage, workflowCounts } from './ledger-repository.ts';
import { toBalanceTransaction, toInvoice, toInvoiceAddress } from './mapping.ts';

export interface BillingDependencies {
  db: Database;
  authenticator: Authenticator;
  settings: EngineSettings;
}

/** The plan's price is shown in this currency; nothing is ever charged. */
const PLAN_CURRENCY = 'EUR';

const addressNotFound = () => new ApiError(404, 'ENTITY_NOT_FOUND', 'Invoice address not found');

export function billingRoutes({ db, authenticator, settings }: BillingDependencies) {
  const limits = engineLimitsOf(settings);

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/billing', async (request): Promise<BillingOverview> => {
      const user = await authenticator.userFromRequest(request);
      const day = utcDay();
      const [used, workflows] = await Promise.all([runsToday(db, user.id), workflowCounts(db, user.id)]);
      return {
        plan: { ...FREE_PLAN, priceCents: 0, currency: PLAN_CURRENCY, limits },
        usage: {
          periodStart: day.start.toISOString(),
          periodEnd: day.end.toISOString(),
          runsToday: used,
          workflows: workflows.total,
          enabledWorkflows: workflows.enabled,
        },
        paymentProvider: null,
      };
    });

    app.get('/billing/invoices', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const query = parse(billingPageQuerySchema, request.query);
      const found = await invoicePage(db, user.id, query.page, query.limit);
      return { data: found.rows.map(toInvoice), total: found.total, page: query.page, limit: query.limit };
    });

    app.get('/billing/balance-transactions', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const query = parse(billingPageQuerySchema, request.query);
      const found = await balanceTransactionPage(db, user.id, query.page, query.limit);
      return { data: found.rows.map(toBalanceTransaction), total: found.total, page: query.page, limit: query.limit };
    });

    app.get('/billing/invoice-addresses', async (request) => {
      const user = await authenticator.userFromRequest(request);
      return { data: (await listAddresses(db, user.id)).map(toInvoiceAddress), max: MAX_INVOICE_ADDRESSES };
    });

    app.post('/billing/invoice-addresses', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(invoiceAddressBodySchema, request.body);
      const outcome = await insertAddress(db, user.id, body, MAX_INVOICE_ADDRESSES);
      if ('tooMany' in outcome) throw validationError({ _: [TOO_MANY_ADDRESSES_MESSAGE] });
      return reply.code(201).send(toInvoiceAddress(outcome.row));
    });

    app.get('/billing/invoice-addresses/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const row = await findAddress(db, user.id, id);
      if (!row) throw addressNotFound();
      return toInvoiceAddress(row);
    });

    app.put('/billing/invoice-addresses/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(invoiceAddressBodySchema, request.body);
      const outcome = await updateAddress(db, user.id, id, body);
      if ('missing' in outcome) throw addressNotFound();
      if ('keepsDefault' in outcome) throw validationError({ isDefault: [KEEP_A_DEFAULT_MESSAGE] });
      return toInvoiceAddress(outcome.row);
    });

    app.delete('/billing/invoice-addresses/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      if (!(await deleteAddress(db, user.id, id))) throw addressNotFound();
      return { success: true };
    });
  };
}
