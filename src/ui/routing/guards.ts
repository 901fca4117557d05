/**
 * Route guard decisions of SPEC §2 as pure functions of the auth state and the location, so every rule is
 * tested without React. The guard components only carry the decision out.
 */
import { HOME_PATH, loginPathWithRedirect, safeRedirectTarget, type LocationLike } from './redirect.ts';

export interface AuthSnapshot {
  /** An access token is present (SPEC §4: that is what "signed in" means). */
  isAuthenticated: boolean;
  /** The profile (`authStore.user`) is in memory. */
  userLoaded: boolean;
}

export type GuardDecision = 'render' | 'load-profile' | { redirect: string };

/**
 * Login-required routes: a guest goes to /login with the full path as `redirect`; a signed-in user whose
 * profile is not loaded has it fetched first; `profileFailed` (that fetch answered null) sends to login too.
 */
export function decideProtected(
  auth: AuthSnapshot & { profileFailed?: boolean },
  location: LocationLike,
): GuardDecision {
  if (!auth.isAuthenticated) return { redirect: loginPathWithRedirect(location) };
  if (auth.userLoaded) return 'render';
  if (auth.profileFailed) return { redirect: loginPathWithRedirect(location) };
  return 'load-profile';
}

/**
 * Guest-only routes: a signed-in user goes to the dashboard overview — or to the `redirect` of the login
 * link when it is a safe in-app path, so a sign-in that just succeeded is never bounced to `/` first.
 * A token without a profile is checked once; if the profile cannot be loaded the token is useless and the
 * form is shown (otherwise login and the protected routes would send each other back and forth).
 */
export function decideGuest(
  auth: AuthSnapshot & { profileFailed?: boolean },
  location: LocationLike,
): GuardDecision {
  if (!auth.isAuthenticated) return 'render';
  if (auth.userLoaded) {
    const redirect = new URLSearchParams(location.search ?? '').get('redirect');
    return { redirect: safeRedirectTarget(redirect, HOME_PATH) };
  }
  return auth.profileFailed ? 'render' : 'load-profile';
}
