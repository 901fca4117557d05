/**
 * The workflow list's requests the server parses (issue 17): the bulk body. The sort fields of the list
 * query live with the rest of that query (requests.ts).
 */
import * as z from 'zod/mini';
import { idSchema } from './wire.ts';
import { BULK_ACTIONS, BULK_MAX_IDS } from './workflow-list.ts';
import { folderIdSchema } from './workflows.ts';

/** POST /workflow/bulk: one action over up to BULK_MAX_IDS of the caller's workflows. */
export const workflowBulkBodySchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    ids: z.array(idSchema).check(z.minLength(1, 'Choose at least one workflow'), z.maxLength(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} workflows at once`)),
    /** MOVE only: the folder, or null for none. */
    folderId: z.optional(folderIdSchema),
  })
  .check(
    z.refine((body) => body.action !== 'MOVE' || body.folderId !== undefined, { error: 'Choose a folder (or null for none) to move to', path: ['folderId'] }),
  );
export type WorkflowBulkBody = z.input<typeof workflowBulkBodySchema>;
