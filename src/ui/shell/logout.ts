/** Where logout leaves the browser: a full page load of /login, so no in-memory state outlives the session. */
export const AFTER_LOGOUT_URL = '/login';

export interface LogoutDeps {
  logout: () => Promise<void>;
  /** A full navigation (window.location.assign), not a router push. */
  leave: (url: string) => void;
}

/**
 * SPEC §2: logout from the menu reloads the page afterwards, even on failure. The store already clears the
 * tokens whatever the server answers; a failed call must not keep the user on a signed-in page.
 */
export async function logoutAndReload(deps: LogoutDeps): Promise<void> {
  try {
    await deps.logout();
  } catch {
    // Nothing to tell the user: the local session is gone either way and the next page is the login.
  } finally {
    deps.leave(AFTER_LOGOUT_URL);
  }
}
