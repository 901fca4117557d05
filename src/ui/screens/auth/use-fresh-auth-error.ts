import { useEffect } from 'react';
import { authStore } from '../../stores/auth-store.ts';

/** Each sign-in screen starts and ends with a clean error, so one screen's failure never shows on the next. */
export function useFreshAuthError(): void {
  useEffect(() => {
    authStore.clearError();
    return () => authStore.clearError();
  }, []);
}
