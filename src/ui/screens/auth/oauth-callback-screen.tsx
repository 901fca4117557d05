import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { authStore } from '../../stores/auth-store.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

/**
 * /oauth2/callback (public). No OAuth provider flow exists yet, so this only sends the visitor on:
 * to the dashboard when signed in, else to the login page.
 */
export const OAuthCallbackScreen = observer(function OAuthCallbackScreen() {
  usePageTitle('Signing in');
  const navigate = useNavigate();
  const signedIn = authStore.isAuthenticated;

  useEffect(() => {
    navigate(signedIn ? '/' : '/login', { replace: true });
  }, [navigate, signedIn]);

  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <Spinner size={24} />
      <p>Signing you in…</p>
    </div>
  );
});

export default OAuthCallbackScreen;
