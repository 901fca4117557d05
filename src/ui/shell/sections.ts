/**
 * The shell's navigation model (SPEC §2 "App shell") as plain data plus the rules that pick the active
 * section and link from a pathname. No React here, so the rules are unit-tested directly.
 */

export type SectionId = 'dashboard' | 'workflows' | 'settings';

export interface SectionLink {
  label: string;
  to: string;
  /** Extra pathnames (and their sub-paths) that also mark this link as the current page. */
  alsoActiveOn?: readonly string[];
  /** Current only on its own path: a workflow's editor or variables page is not "All Workflows". */
  exact?: boolean;
}

export interface SectionModel {
  id: SectionId;
  label: string;
  links: readonly SectionLink[];
}

export const SECTION_MODELS: readonly SectionModel[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    links: [{ label: 'Overview', to: '/dashboard', alsoActiveOn: ['/'] }],
  },
  {
    id: 'workflows',
    label: 'Workflows',
    links: [
      { label: 'All Workflows', to: '/workflows', exact: true },
      { label: 'Executions', to: '/executions' },
      { label: 'Schedules', to: '/schedules' },
      { label: 'Global Variables', to: '/variables' },
      // Issue 17: the templates gallery; a template's own page (/workflows/use-template/…) keeps it current.
      { label: 'Templates', to: '/templates', alsoActiveOn: ['/workflows/use-template'] },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    links: [
      { label: 'Account', to: '/settings/profile' },
      // Billing's own pages are reached from the Billing screen and keep it marked as current.
      { label: 'Billing', to: '/settings/billing', alsoActiveOn: ['/settings/pricing', '/settings/billing-history', '/settings/balance-transactions'] },
      { label: 'API Keys', to: '/settings/api-keys' },
      { label: 'Payment Cards', to: '/settings/payment-cards' },
      { label: 'Invoice Addresses', to: '/settings/invoice-addresses' },
      { label: 'Connections', to: '/settings/connections' },
      { label: 'System', to: '/settings/system' },
      { label: 'API Reference', to: '/settings/api-reference' },
    ],
  },
];

export const NEW_WORKFLOW_PATH = '/workflows/create';

const WORKFLOW_PREFIXES = ['/workflows', '/executions', '/schedules', '/variables', '/templates'];

/** `/a` covers `/a` and `/a/...`, never `/ab`. The root only covers itself. */
function covers(prefix: string, pathname: string): boolean {
  if (prefix === '/') return pathname === '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Which section a route belongs to; anything that is not workflows or settings is the dashboard's. */
export function sectionForPath(pathname: string): SectionId {
  if (covers('/settings', pathname)) return 'settings';
  if (WORKFLOW_PREFIXES.some((prefix) => covers(prefix, pathname))) return 'workflows';
  return 'dashboard';
}

export function isLinkActive(link: SectionLink, pathname: string): boolean {
  if (link.exact) return pathname === link.to;
  return [link.to, ...(link.alsoActiveOn ?? [])].some((prefix) => covers(prefix, pathname));
}

export function sectionModel(id: SectionId): SectionModel {
  return SECTION_MODELS.find((section) => section.id === id) ?? SECTION_MODELS[0]!;
}

/** The link of any section that marks `pathname` as current, for the header breadcrumb. */
export function activeLink(pathname: string): SectionLink | undefined {
  return sectionModel(sectionForPath(pathname)).links.find((link) => isLinkActive(link, pathname));
}
