/**
 * /settings/billing-history: the invoices table, read a page at a time from the `invoices` table
 * (GET /billing/invoices). With the free plan and no payment provider it is empty, and says why.
 */
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { BILLING_PAGE_SIZE, invoicePageQuery, type Invoice } from '../../../../api/billing-api.ts';
import { formatFullDate, formatRelativeDate } from '../../../format/index.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { Pagination } from '../../../components/data/pagination.tsx';
import { RelativeDate } from '../../../components/data/relative-date.tsx';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { TableSkeleton } from '../../../components/data/table-skeleton.tsx';
import { BillingBreadcrumb } from './billing-breadcrumb.tsx';
import { formatMoney } from './billing-pages.ts';
import { usePageParam } from './use-page-param.ts';
import '../settings-extras.css';

const STATUS_TONES: Record<Invoice['status'], 'success' | 'warning' | 'neutral' | 'danger' | 'info'> = {
  paid: 'success',
  open: 'info',
  draft: 'neutral',
  void: 'neutral',
  uncollectible: 'danger',
};
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const columns: DataColumn<Invoice>[] = [
  { id: 'number', header: 'Invoice', cell: (invoice) => <span className="cell-primary">{invoice.number}</span> },
  { id: 'issued', header: 'Date', width: 150, cell: (invoice) => <RelativeDate value={invoice.issuedAt} /> },
  {
    id: 'period',
    header: 'Period',
    hideOnMobile: true,
    cell: (invoice) => (
      <span className="cell-muted" title={`${formatFullDate(invoice.periodStart)} – ${formatFullDate(invoice.periodEnd)}`}>
        {formatRelativeDate(invoice.periodStart)} – {formatRelativeDate(invoice.periodEnd)}
      </span>
    ),
  },
  { id: 'amount', header: 'Amount', align: 'end', width: 120, cell: (invoice) => <span className="tabular">{formatMoney(invoice.amount, invoice.currency)}</span> },
  { id: 'status', header: 'Status', width: 130, hideOnMobile: true, cell: (invoice) => <StatusBadge tone={STATUS_TONES[invoice.status]}>{capitalize(invoice.status)}</StatusBadge> },
];
const SKELETON_COLUMNS = columns.map(({ header, width, hideOnMobile }) => ({ header: String(header), width, hideOnMobile }));

export function BillingHistoryScreen() {
  usePageTitle('Billing History');
  const [page, setPage] = usePageParam();
  const invoices = useQuery(invoicePageQuery(page));

  let body;
  if (invoices.isPending) body = <TableSkeleton columns={SKELETON_COLUMNS} label="Loading invoices" />;
  else if (invoices.isError) {
    body = <TableError title="Could not load invoices" error={invoices.error} onRetry={() => void invoices.refetch()} retrying={invoices.isFetching} />;
  } else {
    body = (
      <>
        <DataTable
          aria-label="Invoices"
          columns={columns}
          rows={invoices.data.data}
          rowKey={(invoice) => invoice.id}
          busy={invoices.isPlaceholderData}
          empty={
            <EmptyState icon={Receipt} title={invoices.data.total > 0 ? 'No invoices on this page' : 'No invoices yet'}>
              {invoices.data.total > 0 ? 'Go back a page to see your invoices.' : 'You are on the free plan, so no invoice has been issued to this account.'}
            </EmptyState>
          }
        />
        {invoices.data.total > 0 ? <Pagination page={page} pageSize={BILLING_PAGE_SIZE} total={invoices.data.total} onPageChange={setPage} label="Invoices pages" /> : null}
      </>
    );
  }

  return (
    <div className="page">
      <BillingBreadcrumb current="Billing History" />
      <PageHeader title="Billing History" description="Invoices issued to this account, newest first" />
      <section className="card settings-table-card" aria-label="Invoices list">
        {body}
      </section>
    </div>
  );
}

export default BillingHistoryScreen;
