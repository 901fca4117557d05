/**
 * /settings/balance-transactions: credits and debits on the account's balance, read a page at a time
 * from the `balance_transactions` table (GET /billing/balance-transactions). Empty while no payment
 * provider is configured, and it says so.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import { balancePageQuery, BILLING_PAGE_SIZE, type BalanceTransaction } from '../../../../api/billing-api.ts';
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

const TYPE_LABELS: Record<BalanceTransaction['type'], string> = { credit: 'Credit', debit: 'Debit', adjustment: 'Adjustment', refund: 'Refund' };

const columns: DataColumn<BalanceTransaction>[] = [
  { id: 'date', header: 'Date', width: 150, cell: (tx) => <RelativeDate value={tx.created} /> },
  { id: 'description', header: 'Description', cell: (tx) => <span className="cell-primary">{tx.description || TYPE_LABELS[tx.type]}</span> },
  { id: 'type', header: 'Type', width: 120, hideOnMobile: true, cell: (tx) => <StatusBadge tone={tx.amount >= 0 ? 'success' : 'neutral'}>{TYPE_LABELS[tx.type]}</StatusBadge> },
  { id: 'amount', header: 'Amount', align: 'end', width: 120, cell: (tx) => <span className="tabular">{formatMoney(tx.amount, tx.currency)}</span> },
  { id: 'balance', header: 'Balance', align: 'end', width: 120, hideOnMobile: true, cell: (tx) => <span className="tabular cell-muted">{formatMoney(tx.balanceAfter, tx.currency)}</span> },
];
const SKELETON_COLUMNS = columns.map(({ header, width, hideOnMobile }) => ({ header: String(header), width, hideOnMobile }));

export function BalanceTransactionsScreen() {
  usePageTitle('Balance Transactions');
  const [page, setPage] = usePageParam();
  const transactions = useQuery(balancePageQuery(page));

  let body;
  if (transactions.isPending) body = <TableSkeleton columns={SKELETON_COLUMNS} label="Loading balance transactions" />;
  else if (transactions.isError) {
    body = (
      <TableError title="Could not load balance transactions" error={transactions.error} onRetry={() => void transactions.refetch()} retrying={transactions.isFetching} />
    );
  } else {
    body = (
      <>
        <DataTable
          aria-label="Balance transactions"
          columns={columns}
          rows={transactions.data.data}
          rowKey={(tx) => tx.id}
          busy={transactions.isPlaceholderData}
          empty={
            <EmptyState icon={ArrowLeftRight} title={transactions.data.total > 0 ? 'No transactions on this page' : 'No balance transactions'}>
              {transactions.data.total > 0 ? 'Go back a page to see your transactions.' : 'No credit or debit has been recorded on this account.'}
            </EmptyState>
          }
        />
        {transactions.data.total > 0 ? (
          <Pagination page={page} pageSize={BILLING_PAGE_SIZE} total={transactions.data.total} onPageChange={setPage} label="Balance transactions pages" />
        ) : null}
      </>
    );
  }

  return (
    <div className="page">
      <BillingBreadcrumb current="Balance Transactions" />
      <PageHeader title="Balance Transactions" description="Credits and debits on your account balance, newest first" />
      <section className="card settings-table-card" aria-label="Balance transactions list">
        {body}
      </section>
    </div>
  );
}

export default BalanceTransactionsScreen;
