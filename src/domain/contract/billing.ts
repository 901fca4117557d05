/**
 * Billing (issue 14; SPEC shows no contents): one free plan built from the engine's real limits, the
 * period's usage, invoice addresses (the only billing data a person edits), and the invoices and balance
 * transactions the database holds. No payment provider is configured, and the replies say so rather
 * than pretend: `paymentProvider` is null.
 *
 * Invoice addresses: the fields, their limits and the VAT check are the server's and the form's alike;
 * the body is normalized on the way in (VAT id compacted and prefixed, see vat.ts).
 */
import * as z from 'zod/mini';
import { countryCodeSchema } from './countries.ts';
import { engineLimitsSchema } from './system.ts';
import { isStorableText, pageOf, textSchema } from './text.ts';
import { checkVatId, VAT_ID_INPUT_MAX } from './vat.ts';

// ---- invoice addresses: limits and fields ----

export const MAX_INVOICE_ADDRESSES = 10;
export const TOO_MANY_ADDRESSES_MESSAGE = `You can keep at most ${MAX_INVOICE_ADDRESSES} invoice addresses`;
export const KEEP_A_DEFAULT_MESSAGE = 'Make another address the default instead';
export const ADDRESS_LIMITS = { name: 100, company: 100, line: 200, city: 100, postalCode: 16 } as const;

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
export const SINGLE_LINE_MESSAGE = 'Use a single line of text';
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
export const POSTAL_CODE_MESSAGE = 'Use letters, digits, spaces and dashes';

/** One line of plain text: trimmed, bounded, no line breaks or other control characters. */
const lineSchema = (max: number, requiredMessage?: string) =>
  textSchema(max, requiredMessage ? 1 : 0, requiredMessage).check(
    z.refine((text) => !CONTROL_CHARACTER.test(text), SINGLE_LINE_MESSAGE),
  );

export const addressNameSchema = lineSchema(ADDRESS_LIMITS.name, 'Name is required');
export const addressCompanySchema = lineSchema(ADDRESS_LIMITS.company);
export const addressLine1Schema = lineSchema(ADDRESS_LIMITS.line, 'Address is required');
export const addressLine2Schema = lineSchema(ADDRESS_LIMITS.line);
export const addressCitySchema = lineSchema(ADDRESS_LIMITS.city, 'City is required');
export const postalCodeSchema = lineSchema(ADDRESS_LIMITS.postalCode).check(
  z.refine((text) => text === '' || POSTAL_CODE.test(text), POSTAL_CODE_MESSAGE),
);
/** The raw text; whether it fits the country is checked on the whole body (vatFitsCountry). */
export const vatIdInputSchema = z
  .string()
  .check(z.maxLength(VAT_ID_INPUT_MAX, `Use at most ${VAT_ID_INPUT_MAX} characters`), z.refine(isStorableText, SINGLE_LINE_MESSAGE));

export const invoiceAddressFields = {
  name: addressNameSchema,
  company: z.optional(addressCompanySchema),
  line1: addressLine1Schema,
  line2: z.optional(addressLine2Schema),
  city: addressCitySchema,
  postalCode: z.optional(postalCodeSchema),
  country: countryCodeSchema,
  vatId: z.optional(vatIdInputSchema),
  isDefault: z.optional(z.boolean()),
};

/** A VAT id must have its country's format (EU) or be a plain tax id (elsewhere). */
const vatFitsCountry = z.superRefine((body: { country: string; vatId?: string | undefined }, ctx) => {
  if (!body.vatId) return;
  const check = checkVatId(body.country, body.vatId);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['vatId'], message: check.message, input: body.vatId });
});

/**
 * POST /billing/invoice-addresses and PUT /billing/invoice-addresses/:id: the whole address each time.
 * The output has every text field (empty when absent) and the VAT id as stored.
 */
export const invoiceAddressBodySchema = z.pipe(
  z.object(invoiceAddressFields).check(vatFitsCountry),
  z.transform((body) => {
    const vat = checkVatId(body.country, body.vatId ?? '');
    return {
      name: body.name,
      company: body.company ?? '',
      line1: body.line1,
      line2: body.line2 ?? '',
      city: body.city,
      postalCode: (body.postalCode ?? '').toUpperCase(),
      country: body.country,
      vatId: vat.ok ? vat.vatId : '',
      isDefault: body.isDefault,
    };
  }),
);
export type InvoiceAddressBody = z.input<typeof invoiceAddressBodySchema>;
export type InvoiceAddressWrite = z.output<typeof invoiceAddressBodySchema>;

// ---- replies ----

export const invoiceAddressSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  vatId: z.string(),
  isDefault: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type InvoiceAddress = z.output<typeof invoiceAddressSchema>;

/** GET /billing/invoice-addresses: the default first, then oldest first; `max` is the limit. */
export const invoiceAddressListSchema = z.object({ data: z.array(invoiceAddressSchema), max: z.number() });

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export const BALANCE_TRANSACTION_TYPES = ['credit', 'debit', 'adjustment', 'refund'] as const;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  description: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Minor units (cents). */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: z.string(),
});
export type Invoice = z.output<typeof invoiceSchema>;

export const balanceTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(BALANCE_TRANSACTION_TYPES),
  description: z.string(),
  /** Minor units (cents); negative for a debit. */
  amount: z.number(),
  balanceAfter: z.number(),
  currency: z.string(),
  invoiceId: z.nullable(z.string()),
  created: z.string(),
});
export type BalanceTransaction = z.output<typeof balanceTransactionSchema>;

/** GET /billing/invoices */
export const invoicePageSchema = pageOf(invoiceSchema);
/** GET /billing/balance-transactions */
export const balanceTransactionPageSchema = pageOf(balanceTransactionSchema);

/** The one plan there is: free, with the engine's limits as configured. */
export const FREE_PLAN = { id: 'free', name: 'Free' } as const;

/** GET /billing: the plan, this period's usage and whether payments can be taken. */
export const billingOverviewSchema = z.object({
  plan: z.object({ id: z.literal(FREE_PLAN.id), name: z.string(), priceCents: z.number(), currency: z.string(), limits: engineLimitsSchema }),
  usage: z.object({
    /** The quota's period: the current UTC day. */
    periodStart: z.string(),
    periodEnd: z.string(),
    runsToday: z.number(),
    workflows: z.number(),
    enabledWorkflows: z.number(),
  }),
  /** Null: no payment provider is configured, so no card can be added and nothing is charged. */
  paymentProvider: z.null(),
});
export type BillingOverview = z.output<typeof billingOverviewSchema>;
