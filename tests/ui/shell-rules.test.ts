import { describe, expect, it } from '@rstest/core';
import { readSidebarCookie, sidebarCookie, SIDEBAR_COOKIE_MAX_AGE } from '../../src/ui/shell/sidebar-cookie.ts';
import { activeLink, isLinkActive, sectionForPath, sectionModel } from '../../src/ui/shell/sections.ts';
import { isSidebarShortcut } from '../../src/ui/shell/use-sidebar.ts';
import { initials } from '../../src/ui/shell/initials.ts';
import { logoutAndReload } from '../../src/ui/shell/logout.ts';

describe('sidebar cookie', () => {
  it('writes sidebar_state for 7 days on the whole site', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    const cookie = sidebarCookie(false);
    expect(cookie.startsWith('sidebar_state=false;')).toBe(true);
    expect(cookie).toContain('path=/');
    expect(cookie).toContain('max-age=604800');
    expect(sidebarCookie(true).startsWith('sidebar_state=true;')).toBe(true);
  });

  it('reads the state among other cookies', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('answers null when absent or garbled', () => {
    expect(readSidebarCookie('')).toBeNull();
    expect(readSidebarCookie('my_sidebar_state=true')).toBeNull();
    expect(readSidebarCookie('sidebar_state=yes')).toBeNull();
  });

  it('reads back what it writes through a real document.cookie', () => {
    document.cookie = sidebarCookie(false);
    expect(readSidebarCookie(document.cookie)).toBe(false);
    document.cookie = sidebarCookie(true);
    expect(readSidebarCookie(document.cookie)).toBe(true);
  });
});

describe('sections', () => {
  it('picks the section from the route', () => {
    expect(sectionForPath('/')).toBe('dashboard');
    expect(sectionForPath('/dashboard')).toBe('dashboard');
    expect(sectionForPath('/analytics')).toBe('dashboard');
    expect(sectionForPath('/workflows')).toBe('workflows');
    expect(sectionForPath('/workflows/9/variables')).toBe('workflows');
    expect(sectionForPath('/executions/3')).toBe('workflows');
    expect(sectionForPath('/schedules')).toBe('workflows');
    expect(sectionForPath('/variables')).toBe('workflows');
    expect(sectionForPath('/settings/api-keys')).toBe('settings');
    expect(sectionForPath('/settingsx')).toBe('dashboard');
  });

  it('has the SPEC links and paths in order', () => {
    const links = (id: Parameters<typeof sectionModel>[0]) => sectionModel(id).links.map((l) => `${l.label} ${l.to}`);
    expect(links('dashboard')).toEqual(['Overview /dashboard']);
    expect(links('workflows')).toEqual([
      'All Workflows /workflows',
      'Executions /executions',
      'Schedules /schedules',
      'Global Variables /variables',
      'Templates /templates',
    ]);
    expect(links('settings')).toEqual([
      'Account /settings/profile',
      'Billing /settings/billing',
      'API Keys /settings/api-keys',
      'Payment Cards /settings/payment-cards',
      'Invoice Addresses /settings/invoice-addresses',
      'Connections /settings/connections',
      'System /settings/system',
      'API Reference /settings/api-reference',
    ]);
  });

  it('marks Overview current on / and /dashboard, and links by prefix only at segment boundaries', () => {
    const overview = sectionModel('dashboard').links[0]!;
    expect(isLinkActive(overview, '/')).toBe(true);
    expect(isLinkActive(overview, '/dashboard')).toBe(true);
    expect(isLinkActive(overview, '/analytics')).toBe(false);
    expect(activeLink('/executions/12')?.label).toBe('Executions');
    expect(activeLink('/workflows')?.label).toBe('All Workflows');
    // A workflow's own pages are not the list.
    expect(activeLink('/workflows/abc/edit')).toBeUndefined();
    expect(activeLink('/workflows/abc/variables')).toBeUndefined();
    expect(activeLink('/variables')?.label).toBe('Global Variables');
    // The gallery, and a template's own page under /workflows (issue 17).
    expect(sectionForPath('/templates')).toBe('workflows');
    expect(activeLink('/templates')?.label).toBe('Templates');
    expect(activeLink('/workflows/use-template/abc')?.label).toBe('Templates');
    // Billing's own pages keep Billing current.
    for (const path of ['/settings/pricing', '/settings/billing-history', '/settings/balance-transactions']) expect(activeLink(path)?.label).toBe('Billing');
    expect(activeLink('/settings/payment-cards')?.label).toBe('Payment Cards');
    expect(activeLink('/settings/system')?.label).toBe('System');
  });
});

describe('shell helpers', () => {
  it('recognises Ctrl+B and Cmd+B only', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    });
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('n', { ctrlKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it('makes avatar initials', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace  brewster murray hopper ')).toBe('GH');
    expect(initials('Linus')).toBe('L');
    expect(initials('', 'zoe@example.com')).toBe('Z');
    expect(initials(undefined)).toBe('?');
  });

  it('leaves for /login after logout, also when the logout call fails', async () => {
    const left: string[] = [];
    await logoutAndReload({ logout: async () => {}, leave: (url) => left.push(url) });
    await logoutAndReload({
      logout: () => Promise.reject(new Error('offline')),
      leave: (url) => left.push(url),
    });
    expect(left).toEqual(['/login', '/login']);
  });

  it('leaves only after the logout call settles', async () => {
    const events: string[] = [];
    let finish!: () => void;
    const done = logoutAndReload({
      logout: () => new Promise<void>((resolve) => (finish = () => (events.push('logged out'), resolve()))),
      leave: () => events.push('left'),
    });
    await Promise.resolve();
    expect(events).toEqual([]);
    finish();
    await done;
    expect(events).toEqual(['logged out', 'left']);
  });
});
