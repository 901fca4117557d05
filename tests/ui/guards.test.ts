import { describe, expect, it } from '@rstest/core';
import { decideGuest, decideProtected } from '../../src/ui/routing/guards.ts';
import { fullPath, loginPathWithRedirect, safeRedirectTarget } from '../../src/ui/routing/redirect.ts';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('decideProtected', () => {
  it('sends a guest to /login with the full path (query and hash kept) as redirect', () => {
    const decision = decideProtected({ isAuthenticated: false, userLoaded: false }, at('/executions/42', '?tab=logs&x=1', '#step_2'));
    expect(decision).toEqual({ redirect: '/login?redirect=%2Fexecutions%2F42%3Ftab%3Dlogs%26x%3D1%23step_2' });
  });

  it('loads the profile first when signed in without one', () => {
    expect(decideProtected({ isAuthenticated: true, userLoaded: false }, at('/workflows'))).toBe('load-profile');
  });

  it('sends to login with the redirect when the profile could not be loaded', () => {
    expect(decideProtected({ isAuthenticated: true, userLoaded: false, profileFailed: true }, at('/workflows'))).toEqual({
      redirect: '/login?redirect=%2Fworkflows',
    });
  });

  it('renders for a signed-in user with a profile', () => {
    expect(decideProtected({ isAuthenticated: true, userLoaded: true }, at('/settings/profile'))).toBe('render');
  });

  it('does not trust a stale profile without a token', () => {
    expect(decideProtected({ isAuthenticated: false, userLoaded: true }, at('/'))).toEqual({ redirect: '/login?redirect=%2F' });
  });
});

describe('decideGuest', () => {
  it('shows the guest screen to a guest', () => {
    expect(decideGuest({ isAuthenticated: false, userLoaded: false }, at('/login'))).toBe('render');
  });

  it('sends a signed-in user to the dashboard overview', () => {
    expect(decideGuest({ isAuthenticated: true, userLoaded: true }, at('/register'))).toEqual({ redirect: '/' });
  });

  it('follows a safe redirect of the login link, never an unsafe one', () => {
    expect(decideGuest({ isAuthenticated: true, userLoaded: true }, at('/login', '?redirect=%2Fworkflows%3Fpage%3D2'))).toEqual({
      redirect: '/workflows?page=2',
    });
    expect(decideGuest({ isAuthenticated: true, userLoaded: true }, at('/login', '?redirect=%2F%2Fevil.com'))).toEqual({
      redirect: '/',
    });
  });

  it('checks a token without a profile, and shows the form when that check failed', () => {
    expect(decideGuest({ isAuthenticated: true, userLoaded: false }, at('/login'))).toBe('load-profile');
    expect(decideGuest({ isAuthenticated: true, userLoaded: false, profileFailed: true }, at('/login'))).toBe('render');
  });

  it('redirects once a later sign-in brings a profile, even after an earlier profile failure', () => {
    expect(decideGuest({ isAuthenticated: true, userLoaded: true, profileFailed: true }, at('/login'))).toEqual({ redirect: '/' });
    expect(decideProtected({ isAuthenticated: true, userLoaded: true, profileFailed: true }, at('/x'))).toBe('render');
  });
});

describe('redirect targets', () => {
  it('builds the login path from pathname, query and hash', () => {
    expect(fullPath(at('/a', '?b=1', '#c'))).toBe('/a?b=1#c');
    expect(loginPathWithRedirect(at('/workflows/7/edit'))).toBe('/login?redirect=%2Fworkflows%2F7%2Fedit');
  });

  it('round-trips through URLSearchParams to the same path', () => {
    const path = '/executions?status=FAILED&q=a b#top';
    const login = loginPathWithRedirect({ pathname: '/executions', search: '?status=FAILED&q=a b', hash: '#top' });
    const redirect = new URLSearchParams(login.split('?')[1]).get('redirect');
    expect(redirect).toBe(path);
  });

  it('accepts same-origin absolute paths', () => {
    expect(safeRedirectTarget('/workflows')).toBe('/workflows');
    expect(safeRedirectTarget('/executions/1?tab=logs#x')).toBe('/executions/1?tab=logs#x');
  });

  it.each([
    ['//evil.com', 'protocol-relative'],
    ['//evil.com/path', 'protocol-relative with path'],
    ['/\\evil.com', 'backslash trick'],
    ['https://evil.com/', 'absolute URL'],
    ['http://localhost/x', 'absolute URL on any host'],
    ['javascript:alert(1)', 'script URL'],
    ['workflows', 'relative path'],
    ['/\t/evil.com', 'tab that browsers strip'],
    ['', 'empty'],
  ])('rejects %s (%s)', (raw) => {
    expect(safeRedirectTarget(raw)).toBe('/');
  });

  it('falls back to / when missing', () => {
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget(undefined)).toBe('/');
  });
});
