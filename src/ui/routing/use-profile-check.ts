/**
 * Loads the signed-in user's profile when a guard asks for it, and says when that failed. One request is
 * shared by every caller (and by React's development double-run of effects), so a guard never fires two.
 */
import { useEffect, useState } from 'react';
import { authStore } from '../stores/auth-store.ts';
import type { User } from '../../domain/index.ts';

let inFlight: Promise<User | null> | null = null;

function loadProfileOnce(): Promise<User | null> {
  inFlight ??= authStore.fetchCurrentUser().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** `true` once a requested profile load answered null. */
export function useProfileCheck(shouldLoad: boolean): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!shouldLoad) return;
    let active = true;
    loadProfileOnce().then((user) => {
      if (active && user === null) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [shouldLoad]);
  return failed;
}
