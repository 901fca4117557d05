import { observer } from 'mobx-react-lite';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authStore } from '../stores/auth-store.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { decideGuest } from './guards.ts';
import { useProfileCheck } from './use-profile-check.ts';
import { ToasterHost } from '../toast-host.tsx';

/** Wraps the guest-only routes: /login, /register, /forgot-password, /reset-password (SPEC §2). */
export const GuestRoute = observer(function GuestRoute() {
  const location = useLocation();
  const auth = { isAuthenticated: authStore.isAuthenticated, userLoaded: authStore.user !== null };
  const profileFailed = useProfileCheck(decideGuest(auth, location) === 'load-profile');
  const decision = decideGuest({ ...auth, profileFailed }, location);

  if (decision === 'render') {
    return (
      <>
        <Outlet />
        <ToasterHost />
      </>
    );
  }
  if (decision === 'load-profile') return <FullPageSpinner label="Loading your account" />;
  return <Navigate to={decision.redirect} replace />;
});
