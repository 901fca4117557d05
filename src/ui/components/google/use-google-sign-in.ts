import { useCallback } from 'react';

/**
 * A Google credential's path: sign in with it, then (only if that worked) whatever follows. Both steps are
 * the caller's — the auth screens pass the auth store and their navigation — so the shared Google
 * components know no store and no route.
 */
export function useGoogleSignIn(
  signIn: (credential: string | undefined) => Promise<boolean>,
  afterSignIn: () => void,
): (credential: string | undefined) => Promise<void> {
  return useCallback(
    async (credential) => {
      if (await signIn(credential)) afterSignIn();
    },
    [signIn, afterSignIn],
  );
}
