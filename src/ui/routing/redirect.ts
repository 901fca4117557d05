/**
 * Where a sign-in sends people. The login link carries the full path they wanted (path, query and hash,
 * SPEC §2), and only a same-origin path is ever followed back, so a crafted `?redirect=//evil.com` cannot
 * turn the login page into an open redirect.
 */

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

/** The full in-app path of a location: pathname + query + hash. */
export function fullPath(location: LocationLike): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/** `/login?redirect=<full path, encoded>`. */
export function loginPathWithRedirect(location: LocationLike): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath(location))}`;
}

// A base that cannot be a real origin: resolving against it tells whether a value stays on our origin.
const PROBE_ORIGIN = 'http://flowsmith.invalid';

/**
 * The redirect target if it is a same-origin absolute path, else `/`. Rejects `//host` and `/\host`
 * (browsers read both as another host), absolute URLs, `javascript:` and anything with control characters.
 */
export function safeRedirectTarget(raw: string | null | undefined, fallback: string = HOME_PATH): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Browsers strip tabs and newlines from URLs, so "/\t/evil.com" would become "//evil.com".
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
