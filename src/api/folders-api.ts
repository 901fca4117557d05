/**
 * Folders (issue 16): the list with its counts, create, rename, delete, and filing a workflow in one
 * (PUT /workflow {folderId}). A name a person typed is checked with the contract before it is sent.
 *
 * Query key: workflowKeys.folders() — under ['workflows'], since the counts move with every workflow
 * created, moved or deleted (workflows-api.ts invalidates it with the lists). Deleting a folder or
 * moving a workflow changes the lists too, so those invalidate both.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  folderDeletedSchema,
  folderFieldsSchema,
  folderListSchema,
  folderSchema,
  type Folder,
  type FolderDeleted,
  type FolderList,
} from '../domain/contract/folders.ts';
import { checkedBody } from './checked-body.ts';
import { authenticatedClient } from './clients.ts';
import type { HttpClient } from './http-client.ts';
import { updateWorkflow, workflowKeys, type WorkflowDetail } from './workflows-api.ts';

export { FOLDER_NAME_MAX, UNCATEGORIZED_FOLDER } from '../domain/contract/folders.ts';
export type { Folder, FolderList };

export function createFoldersApi(http: HttpClient) {
  return {
    async list(signal?: AbortSignal): Promise<FolderList> {
      return folderListSchema.parse(await http.request('/folders', { signal }));
    },
    async create(displayName: string): Promise<Folder> {
      return folderSchema.parse(await http.request('/folders', { method: 'POST', body: checkedBody(folderFieldsSchema, { displayName }) }));
    },
    async rename(id: string, displayName: string): Promise<Folder> {
      return folderSchema.parse(await http.request(`/folders/${encodeURIComponent(id)}`, { method: 'PUT', body: checkedBody(folderFieldsSchema, { displayName }) }));
    },
    async remove(id: string): Promise<FolderDeleted> {
      return folderDeletedSchema.parse(await http.request(`/folders/${encodeURIComponent(id)}`, { method: 'DELETE' }));
    },
  };
}

export const foldersApi = createFoldersApi(authenticatedClient);

export const folderListQueryOptions = () =>
  queryOptions({ queryKey: workflowKeys.folders(), queryFn: ({ signal }) => foldersApi.list(signal) });

export const useFolders = () => useQuery(folderListQueryOptions());

const invalidateFolders = (client: QueryClient) => client.invalidateQueries({ queryKey: workflowKeys.folders() });
const invalidateFoldersAndLists = (client: QueryClient) =>
  Promise.all([invalidateFolders(client), client.invalidateQueries({ queryKey: workflowKeys.lists() })]);

export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (displayName: string) => foldersApi.create(displayName), onSuccess: () => invalidateFolders(client) });
}

export function useRenameFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, displayName }: { id: string; displayName: string }) => foldersApi.rename(id, displayName),
    onSuccess: () => invalidateFolders(client),
  });
}

/** Its workflows stay, in no folder: the lists change too. */
export function useDeleteFolder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => foldersApi.remove(id), onSuccess: () => invalidateFoldersAndLists(client) });
}

/** Files a workflow in a folder (null: in none). The editor's open workflow is refreshed with the reply. */
export function useMoveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, folderId }: { id: string; folderId: string | null }): Promise<WorkflowDetail> => updateWorkflow({ id, folderId }),
    onSuccess: (detail) => {
      client.setQueryData(workflowKeys.detail(detail.flow.id), detail);
      return invalidateFoldersAndLists(client);
    },
  });
}
