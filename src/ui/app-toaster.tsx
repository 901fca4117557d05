import { observer } from 'mobx-react-lite';
import { Toaster } from 'sonner';
import { themeStore } from './stores/theme-store.ts';

/** SPEC §9 toast constants. Sonner's own defaults already give the 356 px width and the swipe/removal timings. */
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
  return <Toaster {...TOASTER_SETTINGS} hotkey={[...TOASTER_SETTINGS.hotkey]} theme={themeStore.resolved} closeButton />;
});
