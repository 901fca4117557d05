/**
 * The Idempotency-Key header: on the POSTs that create something, a retry carrying the key of an earlier
 * request answers that request's result instead of creating again. Keys belong to one user; the server
 * keeps a key's answer for a day (server/idempotency).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set (to `true`) on an answer that is a replay of an earlier one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX = 255;
/** Printable ASCII, 1 to 255 characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
/** How long a key's answer is kept: a retry later than this creates again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Which routes take the header: those marked `idempotent: true` in `contractRoutes` (routes.ts). */

// ---- the server's sentences ----

/** 400 VALIDATION */
export const MALFORMED_IDEMPOTENCY_KEY_MESSAGE = `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters`;
/** 422 VALIDATION */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different request. Use a new key for a new request.`;
/** 409 VALIDATION */
export const IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE = `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Retry in a moment.`;
