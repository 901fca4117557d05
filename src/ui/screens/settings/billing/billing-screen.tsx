/**
 * /settings/billing: the plan (one free plan, its limits the server's configuration), this period's
 * usage from real data (runs today against the daily quota, workflows), and links to the other billing
 * pages. Nothing is for sale: the screen says so instead of showing an upgrade button that leads nowhere.
 */
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { billingOverviewQuery, type BillingOverview } from '../../../../api/billing-api.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { formatCount, quotaUse } from '../engine-limits.ts';
import { UsageMeter } from '../usage-meter.tsx';
import { BILLING_PAGES, formatMoney } from './billing-pages.ts';
import '../settings-extras.css';

function PlanCard({ overview }: { overview: BillingOverview }) {
  const { plan } = overview;
  return (
    <section className="card" aria-labelledby="billing-plan-title">
      <div className="card-header plan-header">
        <h2 id="billing-plan-title" className="card-title">
          Plan
        </h2>
        <StatusBadge tone="success" dot>
          Active
        </StatusBadge>
      </div>
      <div className="settings-card-body">
        <p className="plan-name">{plan.name}</p>
        <p className="plan-price">
          <span className="tabular">{formatMoney(plan.priceCents, plan.currency)}</span> per month
        </p>
        <p className="settings-muted">
          Every account is on this plan; paid plans are not offered. No payment provider is configured, so nothing is charged.
        </p>
      </div>
      <div className="card-actions">
        <Link to="/settings/pricing" className="btn btn-secondary btn-sm">
          See what the plan includes
        </Link>
      </div>
    </section>
  );
}

function UsageCard({ overview }: { overview: BillingOverview }) {
  const { usage, plan } = overview;
  const runs = quotaUse(usage.runsToday, plan.limits.dailyQuota);
  return (
    <section className="card" aria-labelledby="billing-usage-title">
      <div className="card-header">
        <h2 id="billing-usage-title" className="card-title">
          Usage this period
        </h2>
        <p className="card-description">The quota counts runs per UTC day; today's count resets at 00:00 UTC.</p>
      </div>
      <div className="settings-card-body">
        <UsageMeter label="Runs today" text={runs.text} percent={runs.percent} />
        <dl className="details details-compact">
          <div className="details-row">
            <dt>Workflows</dt>
            <dd className="tabular">
              {formatCount(usage.workflows)} <span className="settings-muted">({formatCount(usage.enabledWorkflows)} enabled, no limit)</span>
            </dd>
          </div>
          <div className="details-row">
            <dt>Runs at once</dt>
            <dd className="tabular">Up to {formatCount(plan.limits.concurrencyPerUser)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

function BillingLinks() {
  return (
    <nav className="card" aria-labelledby="billing-pages-title">
      <div className="card-header">
        <h2 id="billing-pages-title" className="card-title">
          Billing pages
        </h2>
      </div>
      <ul className="billing-links">
        {BILLING_PAGES.map((page) => (
          <li key={page.to}>
            <Link to={page.to} className="billing-link">
              <span>
                <span className="billing-link-title">{page.title}</span>
                <span className="billing-link-description">{page.description}</span>
              </span>
              <ChevronRight width={16} height={16} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function BillingScreen() {
  usePageTitle('Billing');
  const overview = useQuery(billingOverviewQuery());

  let body;
  if (overview.isPending) {
    body = (
      <div className="settings-grid" role="status" aria-live="polite" aria-busy="true">
        <span className="visually-hidden">Loading billing</span>
        <div className="card settings-skeleton-card" aria-hidden="true" />
        <div className="card settings-skeleton-card" aria-hidden="true" />
      </div>
    );
  } else if (overview.isError) {
    body = (
      <div className="card">
        <TableError title="Could not load billing" error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      </div>
    );
  } else {
    body = (
      <div className="settings-grid">
        <PlanCard overview={overview.data} />
        <UsageCard overview={overview.data} />
      </div>
    );
  }

  return (
    <div className="page">
      <PageHeader title="Billing" description="Your plan and this period's usage" />
      {body}
      <BillingLinks />
    </div>
  );
}

export default BillingScreen;
