/**
 * The desktop sidebar's open state survives reloads in a cookie (SPEC §2, §9: 7 days). A cookie rather than
 * localStorage so a server could render the right width on the first byte, as shadcn's sidebar does.
 */

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** The stored state in a `document.cookie` string, or null when absent or unreadable. */
export function readSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(';')) {
    const [rawName, ...rest] = part.split('=');
    if (rawName?.trim() !== SIDEBAR_COOKIE_NAME) continue;
    const value = rest.join('=').trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    return null;
  }
  return null;
}

/** The assignment for `document.cookie` that stores `open` for seven days, site-wide. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
