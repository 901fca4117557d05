/**
 * GET /workflow/{id}'s downloaded reply read on the UI's thread (`EditorStore.openServed`): the version
 * built with the worker's own reader, and its first layout with the worker's own code, so both equal
 * what the worker holds and takes as sent. It is not checked here: the worker checks the same bytes, and
 * answers with its own version when this build would differ from it.
 */
import { firstLayoutDelta, readWorkflowJsonAsSent, type LayoutDelta, type OpenResult } from '../../../../worker/index.ts';

export interface ServedVersion {
  flow: OpenResult['flow'];
  version: OpenResult['version'];
  layout: Promise<LayoutDelta>;
}

export interface ServedOpenOptions {
  /** Called once the canvas has something to draw: the unchecked version, or the opened one. */
  onShown?: () => void;
  /** Steps above which the version is drawn before the worker's check ends. */
  drawUncheckedFrom?: number;
}

/** Below this the worker's check ends within a frame or two of the layout: not worth a read-only moment. */
export const DRAW_UNCHECKED_FROM_STEPS = 2000;

/** The served version and its first layout, or null when the bytes are not a workflow (the worker says why). */
export function readServedVersion(json: ArrayBuffer): ServedVersion | null {
  try {
    const { flow, version } = readWorkflowJsonAsSent(json);
    const layout = firstLayoutDelta(version);
    // Unused when the worker answers with its own version; a build it refused may not lay out either.
    layout.catch(() => undefined);
    return { flow, version, layout };
  } catch {
    return null;
  }
}
