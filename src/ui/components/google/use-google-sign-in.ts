import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../../stores/auth-store.ts';
import { HOME_PATH } from '../../routing/redirect.ts';

/** What a Google credential does on every screen: sign in, then go to `/` (SPEC §8). Errors land in authStore.error. */
export function useGoogleSignIn(): (credential: string | undefined) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (credential) => {
      if (await authStore.googleLogin(credential)) navigate(HOME_PATH, { replace: true });
    },
    [navigate],
  );
}
