/**
 * Folders (issue 16): a user's named groups of workflows, one level deep as in Activepieces. The name
 * rule and the limits are the server's and the folder dialog's alike; the create and rename bodies are
 * in requests.ts, the list filter (`folderId` on GET /workflow/paginate) beside the workflow list query.
 */
import * as z from 'zod/mini';
import { textSchema } from './text.ts';

// ---- limits and texts ----

/** A folder's name: trimmed, required, at most this many characters. */
export const FOLDER_NAME_MAX = 100;
/** Folders a user may keep: the list is sent whole, so it stays short. */
export const MAX_FOLDERS_PER_USER = 500;
/** The list filter's value for "no folder" (Activepieces sends the same). */
export const UNCATEGORIZED_FOLDER = 'NULL';

export const FOLDER_TEXTS = {
  nameRequired: 'Enter a folder name',
  duplicate: 'A folder with this name already exists',
  tooMany: `You can keep at most ${MAX_FOLDERS_PER_USER} folders; delete one first`,
  notFound: 'Folder not found',
} as const;

// ---- fields ----

export const folderNameSchema = textSchema(FOLDER_NAME_MAX, 1, FOLDER_TEXTS.nameRequired);
/** What a person types in the create and rename dialogs. */
export const folderFieldsSchema = z.object({ displayName: folderNameSchema });
export type FolderFields = z.input<typeof folderFieldsSchema>;

// ---- replies ----

/** One folder with the number of workflows filed in it. */
export const folderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  numberOfFlows: z.number(),
  created: z.string(),
  updated: z.string(),
});
export type Folder = z.output<typeof folderSchema>;

/** GET /folders: every folder by name, with the counts the list's filter shows beside "All" and "Uncategorized". */
export const folderListSchema = z.object({
  data: z.array(folderSchema),
  totalFlows: z.number(),
  uncategorizedFlows: z.number(),
});
export type FolderList = z.output<typeof folderListSchema>;

/** DELETE /folders/:id: how many workflows moved out of it (to no folder). */
export const folderDeletedSchema = z.object({ success: z.literal(true), movedFlows: z.number() });
export type FolderDeleted = z.output<typeof folderDeletedSchema>;
