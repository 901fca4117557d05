/**
 * Resolves in a task after the browser has produced its next frame: what was rendered before the call is
 * on screen. A hidden tab produces no frames; a timer ends the wait there.
 */
const NO_FRAME_WAIT_MS = 2000;

export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, NO_FRAME_WAIT_MS);
    // A task posted from the frame's callback runs once that frame's rendering is done.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
