/**
 * /settings/payment-cards: there is no payment provider, so there is no card to add or keep. The
 * screen says so (from GET /billing's `paymentProvider`) instead of a card form that would go nowhere.
 */
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { billingOverviewQuery } from '../../../../api/billing-api.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import '../settings-extras.css';

export function PaymentCardsScreen() {
  usePageTitle('Payment Cards');
  const overview = useQuery(billingOverviewQuery());

  let body;
  if (overview.isPending) {
    body = (
      <p className="settings-loading" role="status">
        Checking for a payment provider…
      </p>
    );
  } else if (overview.isError) {
    body = <TableError title="Could not load payment settings" error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />;
  } else {
    body = (
      <EmptyState icon={CreditCard} title="No payment provider configured">
        <p>This Flowsmith server takes no payments, so there is no card to add and none is stored. Your plan is free and needs no card.</p>
        <p className="settings-empty-links">
          <Link to="/settings/pricing">See the plan</Link>
          <Link to="/settings/billing">Back to Billing</Link>
        </p>
      </EmptyState>
    );
  }

  return (
    <div className="page">
      <PageHeader title="Payment Cards" description="Cards used to pay for paid plans" />
      <section className="card" aria-label="Payment cards">
        {body}
      </section>
    </div>
  );
}

export default PaymentCardsScreen;
