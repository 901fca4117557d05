/**
 * GET /workflow/{id}'s downloaded reply read on the UI's thread (`EditorStore.openServed`): the version
 * built with the worker's own reader, and its first layout with the worker's own code, so both equal
 * what the worker holds and takes as sent. It is not checked here: the worker checks the same bytes, and
 * answers with its own version when this build would differ from it. A large one is drawn before that
 * check ends, read-only until the worker confirms it (`confirming`).
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
  /** Steps from which the version is drawn before the worker's check ends. */
  drawUncheckedFrom?: number;
}

/**
 * From this many steps the worker's check outlasts this thread's read and layout by a moment worth showing
 * the flow for; below, 'Opening…' would only flicker.
 */
export const DRAW_UNCHECKED_FROM_STEPS = 5000;

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
