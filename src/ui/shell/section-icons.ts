import {
  Building2,
  CalendarClock,
  CreditCard,
  Gauge,
  History,
  KeyRound,
  LayoutDashboard,
  LayoutTemplate,
  ListTree,
  Server,
  Plug,
  Settings,
  UserRound,
  Variable,
  Wallet,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { SectionId } from './sections.ts';

export const SECTION_ICONS: Record<SectionId, LucideIcon> = {
  dashboard: LayoutDashboard,
  workflows: Workflow,
  settings: Settings,
};

/** Icons by link target; kept apart from sections.ts so the navigation rules stay free of React. */
export const LINK_ICONS: Record<string, LucideIcon> = {
  '/dashboard': Gauge,
  '/workflows': ListTree,
  '/executions': History,
  '/schedules': CalendarClock,
  '/variables': Variable,
  '/templates': LayoutTemplate,
  '/settings/profile': UserRound,
  '/settings/billing': Wallet,
  '/settings/api-keys': KeyRound,
  '/settings/payment-cards': CreditCard,
  '/settings/invoice-addresses': Building2,
  '/settings/system': Server,
  '/settings/connections': Plug,
};
