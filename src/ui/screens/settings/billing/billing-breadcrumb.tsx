import { Link } from 'react-router';

/** 'Billing / Pricing' above a billing sub-page: the way back to the Billing screen. */
export function BillingBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="billing-crumbs">
      <ol>
        <li>
          <Link to="/settings/billing">Billing</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
