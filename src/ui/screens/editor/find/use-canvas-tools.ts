/**
 * The screen services behind issue 17's canvas tools: the find box and the palette (open state), jumping
 * to a step (`reveal`), rename in place, Test step from a menu, and the keyboard's way into the context
 * menu. The workspace spreads `ui` into the commands' context and renders the pieces.
 */
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { EditorUi } from '../commands/command.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { cardElement, centreOn, focusCardWhenDrawn, READABLE_ZOOM, type ViewDriver } from '../canvas/reveal-step.ts';

/** Clicks the panel's 'Test step' once the panel has drawn it. */
function clickTestWhenDrawn(frames = 30): void {
  const button = [...document.querySelectorAll<HTMLButtonElement>('[aria-label="Step settings"] button')].find((b) => b.textContent?.trim() === 'Test step');
  if (button) {
    button.scrollIntoView({ block: 'nearest' });
    button.focus();
    button.click();
  } else if (frames > 0) requestAnimationFrame(() => clickTestWhenDrawn(frames - 1));
}

export function useCanvasTools(store: EditorStore, view: RefObject<ViewDriver | null>) {
  const [findOpen, setFindOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const menuOpener = useRef<(() => void) | null>(null);
  // Where the focus was when the find box opened: it goes back there when the box closes without a jump.
  const findReturn = useRef<HTMLElement | null>(null);

  const reveal = useCallback(
    (name: string, select: boolean) => {
      const node = store.canvas.layoutOf(name);
      const instance = view.current;
      if (node && instance) centreOn(instance, node, Math.max(instance.getViewport().zoom, READABLE_ZOOM));
      if (!select) return;
      // Selected without opening the settings panel: the canvas stays in view (a click opens it).
      store.selectMany([name]);
      focusCardWhenDrawn(name);
    },
    [store, view],
  );

  const closeFind = useCallback((jumped = false) => {
    setFindOpen(false);
    const back = findReturn.current;
    findReturn.current = null;
    if (!jumped && back?.isConnected) back.focus({ preventScroll: true });
  }, []);

  const ui = useMemo(
    (): EditorUi => ({
      openFind: () => {
        if (!findOpen) findReturn.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setFindOpen(true);
        // Already open: Ctrl/Cmd+F again puts the focus back in the field.
        requestAnimationFrame(() => document.querySelector<HTMLInputElement>('.find-box input')?.select());
      },
      openPalette: () => setPaletteOpen(true),
      renameStep: (name) => {
        const node = store.canvas.layoutOf(name);
        const instance = view.current;
        const pane = document.querySelector<HTMLElement>('.flow-canvas');
        if (node && instance && pane && !cardElement(name)) centreOn(instance, node, Math.max(instance.getViewport().zoom, READABLE_ZOOM));
        store.setRenaming(name);
      },
      testStep: () => {
        store.setRightPanel('piece-settings');
        requestAnimationFrame(() => clickTestWhenDrawn());
      },
      openContextMenu: () => menuOpener.current?.(),
    }),
    [store, view, findOpen],
  );

  return { ui, reveal, findOpen, closeFind, paletteOpen, closePalette: useCallback(() => setPaletteOpen(false), []), menuOpener };
}
