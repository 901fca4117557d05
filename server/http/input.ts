/**
 * Building blocks for request schemas shared by the workflow, variable and template routes: ids, text
 * the database can store (server/db/stored-values.ts says what that is), list paging.
 */
import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../db/stored-values.ts';

/** A uuid as PostgreSQL prints them (any version, so hand-made ids in tests and fixtures pass too). */
export const idSchema = z.guid('Enter a valid id');
export const idParamsSchema = z.object({ id: idSchema });

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
