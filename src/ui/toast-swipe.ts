/**
 * SPEC §9: a toast is dismissed by a swipe of 20 px (or faster than 0.11 px/ms). Sonner's threshold is a
 * fixed 45 px with no option, so this raises a swipe of 20 px or more, in the moment before sonner reads
 * it, to sonner's threshold: sonner then dismisses it itself, with its own animation and callbacks.
 *
 * Sonner reads the distance from the toast's `--swipe-amount-x|y` style on pointerup, so a capturing
 * listener on the document (which runs before React's) may rewrite it. Only the allowed direction carries
 * the real distance; sonner damps the others to below 20 px, so they are never raised.
 */
export const SWIPE_DISMISS_PX = 20;
/** Sonner 2's own threshold (SWIPE_THRESHOLD in its source); tests/ui/toasts.test.tsx checks it still holds. */
export const LIBRARY_SWIPE_PX = 45;

function raise(toast: HTMLElement, axis: 'x' | 'y'): void {
  const property = `--swipe-amount-${axis}`;
  const amount = Number.parseFloat(toast.style.getPropertyValue(property)) || 0;
  if (Math.abs(amount) >= SWIPE_DISMISS_PX && Math.abs(amount) < LIBRARY_SWIPE_PX) {
    toast.style.setProperty(property, `${Math.sign(amount) * LIBRARY_SWIPE_PX}px`);
  }
}

/** Installs the 20 px rule for every toast in `doc`; returns the way to remove it. */
export function installToastSwipe(doc: Document = document): () => void {
  const onPointerUp = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const toast = target.closest<HTMLElement>('[data-sonner-toast]');
    if (!toast || toast.dataset.swiping !== 'true') return;
    raise(toast, 'x');
    raise(toast, 'y');
  };
  doc.addEventListener('pointerup', onPointerUp, true);
  return () => doc.removeEventListener('pointerup', onPointerUp, true);
}
