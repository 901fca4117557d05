/**
 * The create-key form's values and rules: the name and scope are the contract's (the server refuses
 * the same input in the same words); the expiry is a choice turned into an instant here, since "30 days"
 * means 30 days from the moment the person clicks.
 */
import * as z from 'zod/mini';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_MAX_EXPIRY_DAYS,
  apiKeyNameSchema,
  EXPIRY_IN_PAST_MESSAGE,
  EXPIRY_TOO_FAR_MESSAGE,
  type ApiKeyScope,
} from '../../../domain/contract/api-keys.ts';
import type { CreateApiKeyRequest } from '../../../api/api-keys-api.ts';

export { apiKeyNameSchema };

export type ExpiryChoice = 'never' | `${(typeof API_KEY_EXPIRY_DAYS)[number]}` | 'date';

export const EXPIRY_OPTIONS: ReadonlyArray<{ value: ExpiryChoice; label: string }> = [
  { value: 'never', label: 'Never' },
  ...API_KEY_EXPIRY_DAYS.map((days) => ({ value: `${days}` as ExpiryChoice, label: `${days} days` })),
  { value: 'date', label: 'On a date…' },
];

export const SCOPE_OPTIONS: ReadonlyArray<{ value: ApiKeyScope; label: string; hint: string }> = [
  { value: 'READ_ONLY', label: 'Read only', hint: 'GET requests: list and read workflows, runs, variables, templates.' },
  { value: 'READ_WRITE', label: 'Read and write', hint: 'Everything your account can do through the API, such as starting runs.' },
];

export const SCOPE_LABELS: Record<ApiKeyScope, string> = { READ_ONLY: 'Read only', READ_WRITE: 'Read and write' };

export interface ApiKeyFormValues {
  name: string;
  scope: ApiKeyScope;
  expiry: ExpiryChoice;
  /** yyyy-mm-dd from the date input, when `expiry` is 'date'. */
  date: string;
  password: string;
}

export const FORM_DEFAULTS: ApiKeyFormValues = { name: '', scope: 'READ_ONLY', expiry: '90', date: '', password: '' };

const DAY_MS = 86_400_000;
/** The furthest date the date input offers. */
export const API_KEY_MAX_EXPIRY_DAYS_MS = API_KEY_MAX_EXPIRY_DAYS * DAY_MS;

/** yyyy-mm-dd of a local day, for the date input's min and max. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A chosen date expires at the end of that day, in the person's own time zone. */
function endOfLocalDay(day: string): Date {
  return new Date(`${day}T23:59:59.999`);
}

/** The instant the key expires, null for never. */
export function expiresAt(values: Pick<ApiKeyFormValues, 'expiry' | 'date'>, now: Date = new Date()): string | null {
  if (values.expiry === 'never') return null;
  if (values.expiry === 'date') return endOfLocalDay(values.date).toISOString();
  return new Date(now.getTime() + Number(values.expiry) * DAY_MS).toISOString();
}

/** Why the chosen date cannot be used, or undefined. */
export function dateError(values: Pick<ApiKeyFormValues, 'expiry' | 'date'>, now: Date = new Date()): string | undefined {
  if (values.expiry !== 'date') return undefined;
  if (!values.date) return 'Choose a date';
  const end = endOfLocalDay(values.date);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) return EXPIRY_IN_PAST_MESSAGE;
  if (end.getTime() > now.getTime() + API_KEY_MAX_EXPIRY_DAYS * DAY_MS) return EXPIRY_TOO_FAR_MESSAGE;
  return undefined;
}

export const passwordSchema = z.string().check(z.minLength(1, 'Enter your current password'));

export function toCreateRequest(values: ApiKeyFormValues, passwordRequired: boolean): CreateApiKeyRequest {
  return {
    name: values.name,
    scope: values.scope,
    expires_at: expiresAt(values),
    ...(passwordRequired ? { password: values.password } : {}),
  };
}

/** The call a person can paste into a terminal to try a key. */
export function curlExample(origin: string, secret = 'fsk_…'): string {
  return `curl -H "Authorization: Bearer ${secret}" ${origin}/api/workflow/paginate`;
}
