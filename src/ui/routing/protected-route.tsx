import { observer } from 'mobx-react-lite';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authStore } from '../stores/auth-store.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { decideProtected } from './guards.ts';
import { useProfileCheck } from './use-profile-check.ts';

/** Wraps every login-required route (SPEC §2). */
export const ProtectedRoute = observer(function ProtectedRoute() {
  const location = useLocation();
  const auth = { isAuthenticated: authStore.isAuthenticated, userLoaded: authStore.user !== null };
  const profileFailed = useProfileCheck(decideProtected(auth, location) === 'load-profile');
  const decision = decideProtected({ ...auth, profileFailed }, location);

  if (decision === 'render') return <Outlet />;
  if (decision === 'load-profile') return <FullPageSpinner label="Loading your account" />;
  return <Navigate to={decision.redirect} replace />;
});
