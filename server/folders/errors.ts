/** The folder routes' refusals. Another user's folder answers exactly like a missing one. */
import { FOLDER_TEXTS } from '../../src/domain/contract/folders.ts';
import { ApiError } from '../shared/api-error.ts';

export const folderNotFound = (): ApiError => new ApiError(404, 'ENTITY_NOT_FOUND', FOLDER_TEXTS.notFound);
export const duplicateFolderName = (): ApiError =>
  new ApiError(409, 'VALIDATION', FOLDER_TEXTS.duplicate, { errors: { displayName: [FOLDER_TEXTS.duplicate] } });
export const tooManyFolders = (): ApiError => new ApiError(409, 'QUOTA_EXCEEDED', FOLDER_TEXTS.tooMany);
