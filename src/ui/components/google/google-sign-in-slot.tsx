/**
 * Where the auth screens put Google sign-in. Without a client id from the server the area is absent, and
 * so is its code: it is loaded only when Google sign-in is configured (the login page stays small).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { getRuntimeConfig } from '../../../api/runtime-config.ts';

const GoogleSignInArea = lazy(async () => ({ default: (await import('./google-sign-in-area.tsx')).GoogleSignInArea }));

export function GoogleSignInSlot(props: ComponentProps<typeof GoogleSignInArea>) {
  if (!getRuntimeConfig().googleClientId) return null;
  return (
    <Suspense fallback={<div className="google-button google-button-pending" aria-hidden="true" />}>
      <GoogleSignInArea {...props} />
    </Suspense>
  );
}
