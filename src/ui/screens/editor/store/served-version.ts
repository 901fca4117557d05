/**
 * GET /workflow/{id}'s downloaded reply read on the UI's thread (`EditorStore.openServed`): the version
 * built with the worker's own reader, and its first layout with the worker's own code, so both equal
 * what the worker holds and takes as sent. It is not checked here: the worker checks the same bytes, and
 * answers with its own version when this build would differ from it. A large one is drawn before that
 * check ends, read-only until the worker confirms it (`confirming`); the worker gets a large reply only once
 * that drawing is painted, so the two threads do not share the CPU while the user waits for the canvas.
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
  /** Bytes from which this thread reads the reply, and draws it when large, before the worker gets it to check. */
  readFirstFrom?: number;
  /** Resolves once what `onShown` showed is painted: the worker's check of a reply read first waits for it. */
  painted?: () => Promise<void>;
}

/**
 * From this many steps the worker's check outlasts this thread's read and layout by a moment worth showing
 * the flow for; below, 'Opening…' would only flicker.
 */
export const DRAW_UNCHECKED_FROM_STEPS = 5000;

/**
 * About 20,000 generated steps. Above, reading here first painted sooner and was editable as soon as before
 * (25,000 steps: painted at 1.9–2.0 s instead of 2.6–2.9 s; 50,000: 2.5–3.1 s instead of 3.5–4.1 s), as
 * the two parses at once took half of this thread's CPU on two cores. At 10,000 steps (4 MB) it painted no
 * sooner and was editable 0.6 s later, so below, both read at once.
 */
export const READ_FIRST_FROM_BYTES = 8 << 20;

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
