import { useCallback, useSyncExternalStore } from 'react';

/** SPEC §9: mobile is at most 768px wide. */
export const MOBILE_QUERY = '(max-width: 768px)';

/** Whether a CSS media query matches, kept live. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
