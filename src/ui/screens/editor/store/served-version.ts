/**
 * GET /workflow/{id}'s downloaded reply read on the UI's thread (`EditorStore.openServed`): the version
 * built with the worker's own reader, and its first layout with the worker's own code, so both equal
 * what the worker holds and takes as sent.
 */
import { firstLayoutDelta, readWorkflowJson, type LayoutDelta, type OpenResult } from '../../../../worker/index.ts';

export interface ServedVersion {
  version: OpenResult['version'];
  layout: Promise<LayoutDelta>;
}

/** The served version and its first layout, or null when the bytes are not a workflow (the worker says why). */
export function readServedVersion(json: ArrayBuffer): ServedVersion | null {
  try {
    const { version } = readWorkflowJson(json);
    return { version, layout: firstLayoutDelta(version) };
  } catch {
    return null;
  }
}
