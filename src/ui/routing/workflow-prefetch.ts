/**
 * The editor route's first request, sent by its loader the moment the route matches, before any of the
 * editor's code has downloaded: GET /workflow/{id}, kept as bytes for the editor screen (editor-preload.ts
 * hands them to the worker). At 50,000 steps the server's answer takes most of a second, which then
 * overlaps the page's own loading. Small and eager on purpose: it is in the page's first script.
 */
import { tokenStorage } from '../../api/token-storage.ts';

/** An answer nobody took within this long is dropped (the visitor went elsewhere). */
const UNTAKEN_MS = 30_000;

let pending: { flowId: string; json: Promise<ArrayBuffer | null>; timer: ReturnType<typeof setTimeout> } | null = null;

export function prefetchWorkflowJson(flowId: string): void {
  if (pending?.flowId === flowId) return;
  dropPending();
  // Signed out, the protected route sends the visitor to the login page: nothing to read.
  const token = tokenStorage.getAccessToken();
  if (!token) return;
  // Anything but a 200 is left to the worker, which reads it again and reports it (or refreshes the token).
  const json = fetch(`/api/workflow/${encodeURIComponent(flowId)}`, { headers: { Authorization: `Bearer ${token}` } })
    .then((response) => (response.ok ? response.arrayBuffer() : null))
    .catch(() => null);
  pending = { flowId, json, timer: setTimeout(dropPending, UNTAKEN_MS) };
}

/** The prefetched answer for this workflow (taken once), or null. */
export function takeWorkflowJson(flowId: string): Promise<ArrayBuffer | null> | null {
  if (pending?.flowId !== flowId) return null;
  const { json } = pending;
  dropPending();
  return json;
}

function dropPending(): void {
  if (pending) clearTimeout(pending.timer);
  pending = null;
}
