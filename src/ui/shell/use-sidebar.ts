/**
 * The sidebar's two states. Desktop: open (16rem) or collapsed to the icon rail (3rem), remembered in the
 * `sidebar_state` cookie. Mobile (≤768px): a sheet over the page, closed by default and never remembered.
 * The sheet is "open on a pathname", so any navigation closes it without an effect.
 */
import { useCallback, useEffect, useState } from 'react';
import { readSidebarCookie, sidebarCookie } from './sidebar-cookie.ts';

export interface SidebarController {
  open: boolean;
  setOpen(open: boolean): void;
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  /** What the header button and Ctrl/Cmd+B do: the sheet on mobile, the panel on desktop. */
  toggle(): void;
}

function initialOpen(): boolean {
  if (typeof document === 'undefined') return true;
  return readSidebarCookie(document.cookie) ?? true;
}

export function useSidebar(isMobile: boolean, pathname: string): SidebarController {
  const [open, setOpenState] = useState(initialOpen);
  const [mobileOpenOn, setMobileOpenOn] = useState<string | null>(null);
  const openMobile = mobileOpenOn === pathname;

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);
  const setOpenMobile = useCallback((next: boolean) => setMobileOpenOn(next ? pathname : null), [pathname]);
  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile(!openMobile);
    else setOpen(!open);
  }, [isMobile, open, openMobile, setOpen, setOpenMobile]);

  return { open, setOpen, openMobile, setOpenMobile, toggle };
}

/** Ctrl+B, or Cmd+B on a Mac, with no other modifier. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

export function useSidebarShortcut(toggle: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle, enabled]);
}
