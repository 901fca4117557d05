/**
 * API keys (/settings/api-keys): what a person types to create one, the replies, the limits and the
 * sentences the server answers with. A key is `fsk_` and 43 base64url characters (32 random bytes); the
 * server keeps only its SHA-256, so the secret is in exactly one reply, the creating one. The create body
 * (with its expiry instant) is in requests.ts.
 */
import * as z from 'zod/mini';
import { FRESH_SIGN_IN_MINUTES } from './account.ts';
import { textSchema } from './text.ts';

export const API_KEY_SCOPES = ['READ_ONLY', 'READ_WRITE'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What every key starts with: tells a key from an access token (a JWT starts `eyJ`) at a glance. */
export const API_KEY_PREFIX = 'fsk_';
/** `fsk_` and 32 random bytes in base64url. */
export const API_KEY_PATTERN = /^fsk_[A-Za-z0-9_-]{43}$/;
/** How much of a key the list shows: the `fsk_` and the first 8 characters of the secret. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

export const API_KEY_NAME_MAX = 100;
/** Keys one account may hold, expired ones included (revoking deletes). */
export const API_KEYS_PER_USER = 100;
/** The furthest expiry a key may be given; 'never' is the choice for longer. */
export const API_KEY_MAX_EXPIRY_DAYS = 3650;
/** The expiry choices of the create form besides 'never' and a date. */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;
/** A Google-only account (no password) may create a key this long after signing in (as for account changes). */
export const RECENT_SIGN_IN_MINUTES = FRESH_SIGN_IN_MINUTES;

// ---- the server's sentences ----

/** 401 INVALID_API_KEY: unknown, revoked or expired (which one is not said). */
export const INVALID_API_KEY_MESSAGE = 'Invalid, revoked or expired API key';
/** 403 PERMISSION_DENIED: a read-only key sent something other than GET or HEAD. */
export const READ_ONLY_KEY_MESSAGE = 'This API key is read-only: it can only read (GET)';
/** 403 PERMISSION_DENIED: sign-in, account and key management calls need a signed-in session. */
export const KEY_NOT_ALLOWED_MESSAGE = 'API keys cannot be used for sign-in, account or API key calls. Sign in instead.';
/** 403 PERMISSION_DENIED: a webhook URL starts runs, so reading one is not a read. */
export const READ_ONLY_WEBHOOK_MESSAGE = 'A read-only API key cannot read a webhook URL (the URL starts runs)';
/** 409 QUOTA_EXCEEDED */
export const TOO_MANY_KEYS_MESSAGE = `You have ${API_KEYS_PER_USER} API keys, the most an account may hold. Revoke one you no longer use, then create another.`;
export const EXPIRY_IN_PAST_MESSAGE = 'Choose a date in the future';
export const EXPIRY_TOO_FAR_MESSAGE = `Choose a date within ${API_KEY_MAX_EXPIRY_DAYS / 365} years, or Never`;
/** 429 QUOTA_EXCEEDED (API_KEY_RATE_LIMIT_PER_MINUTE). */
export const keyRateLimitedMessage = (seconds: number) =>
  `Too many requests with this API key. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;

// ---- fields ----

export const apiKeyNameSchema = textSchema(API_KEY_NAME_MAX, 1, 'Give the key a name');
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'Choose read-only or read and write' });
/** The account's current password; empty for a Google-only account (see RECENT_SIGN_IN_MINUTES). */
export const apiKeyPasswordSchema = z.string().check(z.maxLength(1024, 'Use at most 1024 characters'));

/** The fields a person fills in; the create body adds the expiry as an instant (requests.ts). */
export const apiKeyFields = {
  name: apiKeyNameSchema,
  scope: apiKeyScopeSchema,
  password: z.optional(apiKeyPasswordSchema),
};

// ---- replies ----

/** A key as listed: never its secret, only the first characters of it. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `fsk_` and the first 8 characters of the secret. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  created: z.string(),
  lastUsed: z.nullable(z.string()),
  expires: z.nullable(z.string()),
  status: z.enum(['ACTIVE', 'EXPIRED']),
});
export type ApiKey = z.output<typeof apiKeySchema>;

/** GET /api-keys: the keys, newest first, and whether creating one asks for the password. */
export const apiKeyListSchema = z.object({
  data: z.array(apiKeySchema),
  max: z.number(),
  passwordRequired: z.boolean(),
});
export type ApiKeyList = z.output<typeof apiKeyListSchema>;

/** POST /api-keys: the new key and, this once, its secret. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;
