import type { Migration } from '../migrate.ts';

/**
 * The templates gallery (issue 17): GET /templates searches and filters every public template as well as
 * the reader's own, so the two filters that reach across all users have indexes of their own.
 *
 * - Search is by words, each a prefix ('inv' finds 'Invoice sync'), over the title and the description
 *   with the 'simple' configuration (no stemming, no stop words: template titles are short and in any
 *   language). The expression here is the one the list query writes, or the planner cannot use it.
 * - Tags are a jsonb array; a filter asks for containment (`tags @> '["crm"]'`), which jsonb_path_ops
 *   answers from a GIN index.
 * Without a filter the list walks templates_user_idx / templates_public_idx (002) in created order.
 */
export const templateGalleryMigration: Migration = {
  version: 23,
  name: 'template gallery',
  sql: /* sql */ `
    CREATE INDEX templates_search_idx ON templates USING gin (to_tsvector('simple', title || ' ' || description));
    CREATE INDEX templates_tags_idx ON templates USING gin (tags jsonb_path_ops);
  `,
};
