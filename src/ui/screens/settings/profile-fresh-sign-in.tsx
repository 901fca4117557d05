/**
 * An account without a password (signed up with Google) proves itself for a new address, a password or
 * deletion by a recent sign-in instead: the server allows those changes for FRESH_SIGN_IN_MINUTES after
 * it. The screen follows the same clock and, once it has run out, offers to sign in again.
 */
import { useEffect, useState } from 'react';
import { FRESH_SIGN_IN_MINUTES, type Account } from '../../../domain/contract/account.ts';
import { authStore } from '../../stores/auth-store.ts';

/** True while the account may make those changes; re-renders the caller when that ends. */
export function useSensitiveChangesAllowed(account: Account): boolean {
  const until = account.sensitiveChangesUntil ? Date.parse(account.sensitiveChangesUntil) : null;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const wait = until - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(wait + 100, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
  return account.hasPassword || (until !== null && Date.now() < until);
}

async function signInAgain(): Promise<void> {
  await authStore.logout();
  window.location.assign(`/login?redirect=${encodeURIComponent('/settings/profile')}`);
}

/** Shown in place of a change the session is too old to make. */
export function SignInAgainNote({ what }: { what: string }) {
  return (
    <div className="profile-note">
      <p>
        Your account signs in with Google and has no password, so {what} is possible only within {FRESH_SIGN_IN_MINUTES} minutes of
        signing in.
      </p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => void signInAgain()}>
        Sign in again
      </button>
    </div>
  );
}
