/**
 * Building blocks for request schemas shared by the workflow, variable and template routes: ids, text
 * the database can store (server/db/stored-values.ts says what that is), list paging.
 */
import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../db/stored-values.ts';

/** A uuid as PostgreSQL prints them (any version, so hand-made ids in tests and fixtures pass too). */
export const idSchema = z.guid('Enter a valid id');

/**
 * No row has this id (PostgreSQL prints the nil uuid, and gen_random_uuid never makes it). A malformed id
 * in a path is read as this one, so the route looks it up and answers its own 404 exactly as for a missing
 * id (issue 16): no second wording to keep in step, and a route added later gets the rule by using these.
 */
export const NO_SUCH_ID = '00000000-0000-0000-0000-000000000000';

/** An id in a path: a well-formed one as is, anything else as NO_SUCH_ID. */
export const idParamSchema = z.string().transform((value) => (idSchema.safeParse(value).success ? value : NO_SUCH_ID));
export const idParamsSchema = z.object({ id: idParamSchema });

/** Free text of at most `max` characters, trimmed; `min` 1 makes it required. */
export function textSchema(max: number, min = 0, requiredMessage = 'This field is required') {
  return z
    .string()
    .trim()
    .min(min, requiredMessage)
    .max(max, `Use at most ${max} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT);
}

/** A query parameter sent empty (`?status=`) means "not given". */
export function optionalQuery<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const pageSchema = optionalQuery(z.coerce.number().int().min(1).max(1_000_000)).transform((v) => v ?? 1);
export const limitSchema = optionalQuery(z.coerce.number().int().min(1).max(100, 'At most 100 per page')).transform(
  (v) => v ?? 10,
);

/** An ISO 8601 instant with a time zone (Z or an offset). */
export const instantSchema = z.iso.datetime({ offset: true, message: 'Enter an ISO 8601 date and time' });

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
