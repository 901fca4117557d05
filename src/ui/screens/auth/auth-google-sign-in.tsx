import { useCallback, type ComponentProps } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { authStore } from '../../stores/auth-store.ts';
import { themeStore } from '../../stores/theme-store.ts';
import { HOME_PATH } from '../../routing/redirect.ts';
import { GoogleSignInSlot } from '../../components/google/google-sign-in-slot.tsx';
import { useGoogleSignIn } from '../../components/google/use-google-sign-in.ts';

type AuthGoogleSignInProps = Omit<ComponentProps<typeof GoogleSignInSlot>, 'onCredential' | 'theme'>;

const signInWithGoogle = (credential: string | undefined) => authStore.googleLogin(credential);

/**
 * Google sign-in as every auth screen offers it: the credential signs in through the auth store (a
 * refusal shows as the store's error), then the browser goes to `/` (SPEC §8); the button follows the
 * page's theme.
 */
export const AuthGoogleSignIn = observer(function AuthGoogleSignIn(props: AuthGoogleSignInProps) {
  const navigate = useNavigate();
  const goHome = useCallback(() => navigate(HOME_PATH, { replace: true }), [navigate]);
  const onCredential = useGoogleSignIn(signInWithGoogle, goHome);
  return <GoogleSignInSlot {...props} theme={themeStore.resolved} onCredential={onCredential} />;
});
