/**
 * /settings/pricing: the plan table, built from the server's real limits (GET /billing). There is one
 * plan and it is free; the page says plainly that paid plans are not offered rather than showing tiers
 * nobody can buy.
 */
import { useQuery } from '@tanstack/react-query';
import { Check, Info } from 'lucide-react';
import { billingOverviewQuery, type BillingOverview } from '../../../../api/billing-api.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { TableSkeleton } from '../../../components/data/table-skeleton.tsx';
import { limitRows } from '../engine-limits.ts';
import { BillingBreadcrumb } from './billing-breadcrumb.tsx';
import { formatMoney } from './billing-pages.ts';
import '../settings-extras.css';

function PlanTable({ plan }: { plan: BillingOverview['plan'] }) {
  return (
    <div className="data-table-wrap">
      <table className="data-table plan-table">
        <caption className="visually-hidden">What the {plan.name} plan includes</caption>
        <thead>
          <tr>
            <th scope="col">Included</th>
            <th scope="col" className="plan-column">
              <span className="plan-column-name">{plan.name}</span> <StatusBadge tone="accent">Your plan</StatusBadge>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Price</th>
            <td className="plan-column">
              <strong className="tabular">{formatMoney(plan.priceCents, plan.currency)}</strong> per month
            </td>
          </tr>
          <tr>
            <th scope="row">Workflows</th>
            <td className="plan-column">No limit</td>
          </tr>
          {limitRows(plan.limits).map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.label}</th>
              <td className="plan-column tabular">{row.value}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Schedules, webhooks, variables, templates</th>
            <td className="plan-column">
              <Check width={16} height={16} aria-hidden="true" className="plan-check" /> Included
            </td>
          </tr>
          <tr>
            <th scope="row">Payment card</th>
            <td className="plan-column">Not needed</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function PricingScreen() {
  usePageTitle('Pricing');
  const overview = useQuery(billingOverviewQuery());

  let body;
  if (overview.isPending) body = <TableSkeleton columns={['Included', 'Plan']} rows={8} label="Loading the plan" />;
  else if (overview.isError) {
    body = <TableError title="Could not load the plan" error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />;
  } else body = <PlanTable plan={overview.data.plan} />;

  return (
    <div className="page">
      <BillingBreadcrumb current="Pricing" />
      <PageHeader title="Pricing" description="One plan, with the limits this server runs with" />
      <div className="settings-note" role="note">
        <Info width={16} height={16} aria-hidden="true" />
        <p>Paid plans are not offered. Every account is on the free plan below; there is nothing to upgrade to and nothing to pay.</p>
      </div>
      <section className="card settings-table-card" aria-label="Plans">
        {body}
      </section>
    </div>
  );
}

export default PricingScreen;
