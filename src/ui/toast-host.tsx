/**
 * Toasts on the guest screens without shipping the toast library to the login page: the screens call
 * `showToast`, which loads it on first use and asks the host (mounted by the guest routes) to mount the
 * toast area. Signed-in screens have the area in the shell and call sonner's `toast` directly; when the
 * area mounts after a toast was raised, sonner replays the toasts still active.
 */
import { lazy, Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { action, observable } from 'mobx';

const wanted = observable.box(false);
const LazyToaster = lazy(async () => ({ default: (await import('./app-toaster.tsx')).AppToaster }));

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export async function showToast(kind: ToastKind, message: string): Promise<void> {
  action(() => wanted.set(true))();
  const { toast } = await import('sonner');
  toast[kind](message);
}

export const ToasterHost = observer(function ToasterHost() {
  if (!wanted.get()) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
});
