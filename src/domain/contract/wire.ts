/**
 * Building blocks only the server parses: ids, paging and instants in requests. Kept apart from the
 * field rules (text.ts) so that the browser, which never parses these, does not load their checks.
 */
import * as z from 'zod/mini';

/** A uuid as PostgreSQL prints them (any version, so hand-made ids in tests and fixtures pass too). */
export const idSchema = z.guid('Enter a valid id');
export const idParamsSchema = z.object({ id: idSchema });

/** A query parameter sent empty (`?status=`) means "not given". */
export function optionalQuery<S extends z.core.SomeType>(schema: S) {
  return z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(schema),
  );
}

export const pageSchema = z.pipe(
  optionalQuery(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))),
  z.transform((page: number | undefined) => page ?? 1),
);
export const MAX_PAGE_SIZE = 100;
export const limitSchema = z.pipe(
  optionalQuery(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} per page`))),
  z.transform((limit: number | undefined) => limit ?? 10),
);

/** An ISO 8601 instant with a time zone (Z or an offset). */
export const instantSchema = z.iso.datetime({ offset: true, error: 'Enter an ISO 8601 date and time' });

