/**
 * On a phone the side panels are sheets over the canvas (editor-phone.css); a swipe down from the
 * sheet's top edge (its handle) closes it, as native sheets do. One delegated listener on the editor
 * body serves every panel (settings, copilot, runs, versions, run details); the close button and Escape
 * remain the keyboard's ways.
 */
import { useEffect, type RefObject } from 'react';
import type { EditorStore } from './store/editor-store.ts';

const HANDLE_ZONE = 32;
const CLOSE_DISTANCE = 80;

export function useSheetSwipe(store: EditorStore, body: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const onPointerDown = (down: PointerEvent) => {
      const sheet = (down.target as Element | null)?.closest?.<HTMLElement>('.editor-side');
      if (!sheet || !window.matchMedia?.('(max-width: 768px)').matches) return;
      if (down.clientY - sheet.getBoundingClientRect().top > HANDLE_ZONE) return;
      const startY = down.clientY;
      let distance = 0;
      sheet.classList.add('is-dragging');
      const onMove = (move: PointerEvent) => {
        distance = Math.max(0, move.clientY - startY);
        sheet.style.transform = `translateY(${distance}px)`;
      };
      const onUp = () => {
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onUp);
        sheet.classList.remove('is-dragging');
        sheet.style.transform = '';
        if (distance < CLOSE_DISTANCE) return;
        if (sheet.classList.contains('editor-side-left')) store.setLeftPanel('none');
        else store.setRightPanel('none');
      };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onUp);
    };
    element.addEventListener('pointerdown', onPointerDown);
    return () => element.removeEventListener('pointerdown', onPointerDown);
  }, [store, body]);
}
