/** Request schemas of the workflow service (SPEC §7). Bodies are objects; unknown fields are dropped. */
import { z } from 'zod';
import { FLOW_STATUSES, RUN_STATUSES } from '../../src/domain/index.ts';
import {
  idSchema,
  instantSchema,
  isStorableText,
  limitSchema,
  optionalQuery,
  pageSchema,
  textSchema,
  UNSTORABLE_TEXT,
} from '../http/input.ts';

export const NAME_MAX = 255;
export const displayNameSchema = textSchema(NAME_MAX, 1, 'Enter a name');
/**
 * The name an autosave carries is whatever the editor holds (the domain's CHANGE_NAME takes any string):
 * kept as typed, empty allowed, so a half-typed name never makes saves fail; only the length is capped.
 */
const savedNameSchema = z.string().max(NAME_MAX, `Use at most ${NAME_MAX} characters`).refine(isStorableText, UNSTORABLE_TEXT);
const folderIdSchema = textSchema(100).nullable();
const statusSchema = z.enum(FLOW_STATUSES);

export const paginateQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  name: optionalQuery(textSchema(NAME_MAX)),
  status: optionalQuery(statusSchema),
});

export const createBodySchema = z
  .object({ displayName: displayNameSchema.optional(), folderId: folderIdSchema.optional() })
  .optional()
  .transform((body) => body ?? {});

export const updateBodySchema = z.object({ id: idSchema, displayName: displayNameSchema.optional(), folderId: folderIdSchema.optional() });

export const statusBodySchema = z.object({ id: idSchema, status: statusSchema });

export const versionParamsSchema = z.object({ id: idSchema, versionId: idSchema });

export const createVersionBodySchema = z.object({ workflow_id: idSchema, from_version_id: idSchema.optional() });

export const renameVersionBodySchema = z.object({ version_id: idSchema, display_name: displayNameSchema });

export const autosaveBodySchema = z.object({
  version_id: idSchema,
  // Checked by the domain (parseStoredContent, fromStoredVersion); here only "an object".
  configuration: z.record(z.string(), z.unknown()),
  display_name: savedNameSchema,
  updated: instantSchema.optional(),
  overwrite: z.literal(true).optional(),
});

export const publishBodySchema = z.object({ workflow_id: idSchema, version_id: idSchema });

export const executionsQuerySchema = z
  .object({
    page: pageSchema,
    limit: limitSchema,
    workflow_id: optionalQuery(idSchema),
    status: optionalQuery(z.enum(RUN_STATUSES)),
    from: optionalQuery(instantSchema),
    to: optionalQuery(instantSchema),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { message: 'from must not be after to', path: ['to'] });

/** Flows and autosaves of 10,000 steps are a few MB of JSON. */
export const LARGE_BODY_LIMIT = 20 * 1024 * 1024;
/**
 * Deepest flow file an import takes: the nested form nests a level per step of a chain (and two per
 * router), so a long flow is deep by nature; settings inside each step still stop at MAX_SETTINGS_DEPTH.
 */
export const MAX_FLOW_FILE_DEPTH = 100_000;
