/**
 * Folders under /api/folders (issue 16): list (with each folder's count and the "All" / "Uncategorized"
 * counts), create, rename, delete. Deleting a folder keeps its workflows, in no folder. Filing a
 * workflow in a folder is PUT /workflow {folderId} (server/workflows), the list's filter
 * GET /workflow/paginate?folderId=.
 */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { createFolderBodySchema, updateFolderBodySchema } from '../../src/domain/contract/requests.ts';
import { duplicateFolderName, folderNotFound, tooManyFolders } from './errors.ts';
import { toFolderDto } from './mapping.ts';
import { deleteFolder, flowCounts, insertFolder, listFolders, renameFolder } from './repository.ts';

export interface FolderDependencies {
  db: Database;
  authenticator: Authenticator;
}

export function folderRoutes({ db, authenticator }: FolderDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/folders', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const [folders, counts] = await Promise.all([listFolders(db, user.id), flowCounts(db, user.id)]);
      return { data: folders.map(toFolderDto), totalFlows: counts.total, uncategorizedFlows: counts.uncategorized };
    });

    app.post('/folders', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(createFolderBodySchema, request.body);
      const outcome = await insertFolder(db, user.id, body.displayName);
      if ('refused' in outcome) throw outcome.refused === 'duplicate' ? duplicateFolderName() : tooManyFolders();
      return reply.code(201).send(toFolderDto(outcome.row));
    });

    app.put('/folders/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(updateFolderBodySchema, request.body);
      const row = await renameFolder(db, user.id, id, body.displayName);
      if (row === 'duplicate') throw duplicateFolderName();
      if (!row) throw folderNotFound();
      return toFolderDto(row);
    });

    app.delete('/folders/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const moved = await deleteFolder(db, user.id, id);
      if (moved === undefined) throw folderNotFound();
      return { success: true, movedFlows: moved };
    });
  };
}
