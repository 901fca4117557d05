/**
 * GET /workflow/{id}'s downloaded reply read on the UI's thread (`EditorStore.openServed`): the version
 * built with the worker's own reader, and its first layout with the worker's own code, so both equal
 * what the worker holds and takes as sent. It is not checked here: the worker checks the same bytes, and
 * answers with its own version when this build would differ from it.
 */
import { firstLayoutDelta, readWorkflowJsonAsSent, type LayoutDelta, type OpenResult } from '../../../../worker/index.ts';

export interface ServedVersion {
  version: OpenResult['version'];
  layout: Promise<LayoutDelta>;
}

/** The served version and its first layout, or null when the bytes are not a workflow (the worker says why). */
export function readServedVersion(json: ArrayBuffer): ServedVersion | null {
  try {
    const { version } = readWorkflowJsonAsSent(json);
    const layout = firstLayoutDelta(version);
    // Unused when the worker answers with its own version; a build it refused may not lay out either.
    layout.catch(() => undefined);
    return { version, layout };
  } catch {
    return null;
  }
}
