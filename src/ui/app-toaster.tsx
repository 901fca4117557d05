import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Toaster } from 'sonner';
import { themeStore } from './stores/theme-store.ts';
import { installToastSwipe } from './toast-swipe.ts';

/**
 * SPEC §9 toast constants. Sonner's own defaults give the 356 px width, the 0.11 px/ms swipe velocity and the
 * 200 ms removal (tests/ui/toasts.test.tsx checks them); the 20 px swipe distance is toast-swipe.ts.
 */
export const TOASTER_SETTINGS = {
  position: 'bottom-right',
  visibleToasts: 3,
  gap: 14,
  offset: 32,
  duration: 3000,
  hotkey: ['altKey', 'KeyT'],
} as const;

/** The notification area every screen shares, themed with the app. */
export const AppToaster = observer(function AppToaster() {
  useEffect(() => installToastSwipe(), []);
  return <Toaster {...TOASTER_SETTINGS} hotkey={[...TOASTER_SETTINGS.hotkey]} theme={themeStore.resolved} closeButton />;
});
