/** SPEC §2 dashboard periods, in menu order; 30d is the default (SPEC §9). */
export const DASHBOARD_PERIODS = [
  { value: '24h', label: 'Last 24 Hours' },
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 90 Days' },
  { value: '1y', label: 'Last Year' },
] as const;

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30d';
