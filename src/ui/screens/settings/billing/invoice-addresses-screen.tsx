/**
 * /settings/invoice-addresses: the addresses invoices are made out to (real CRUD on
 * /billing/invoice-addresses). At most `max` of them, exactly one the default while there are any; add
 * and edit open the address dialog, 'Make default' saves the address as the default, delete asks first.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { addressListQuery, billingApi, billingKeys, type InvoiceAddress } from '../../../../api/billing-api.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ConfirmDialog } from '../../../components/data/confirm-dialog.tsx';
import { errorMessage } from '../../../components/data/error-message.ts';
import { TableError } from '../../../components/data/table-error.tsx';
import { AddressCard } from './address-card.tsx';
import { AddressDialog } from './address-dialog.tsx';
import { asDefault } from './address-form.ts';
import '../settings-extras.css';

/** Each opening gets a fresh form (a new key), so one edit never leaks into the next. */
interface DialogState {
  address?: InvoiceAddress | undefined;
  session: number;
}

export function InvoiceAddressesScreen() {
  usePageTitle('Invoice Addresses');
  const queryClient = useQueryClient();
  const addresses = useQuery(addressListQuery());
  const [dialog, setDialog] = useState<DialogState>({ session: 0 });
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<InvoiceAddress | null>(null);

  const openDialog = (address?: InvoiceAddress) => {
    setDialog((current) => ({ address, session: current.session + 1 }));
    setDialogOpen(true);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.addresses });

  const remove = useMutation({
    mutationFn: (address: InvoiceAddress) => billingApi.removeAddress(address.id),
    onSuccess: async (_, address) => {
      await refresh();
      setDeleting(null);
      toast.success(`Address of ${address.name} deleted`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the address. Please try again.')),
  });

  const makeDefault = useMutation({
    mutationFn: (address: InvoiceAddress) => billingApi.updateAddress(address.id, asDefault(address)),
    onSuccess: async (saved) => {
      await refresh();
      toast.success(`The address of ${saved.name} is now the default`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not change the default address. Please try again.')),
  });

  const list = addresses.data?.data ?? [];
  const max = addresses.data?.max;
  const full = max !== undefined && list.length >= max;
  const newButton = (
    <button type="button" className="btn btn-primary" onClick={() => openDialog()} disabled={!addresses.isSuccess || full}>
      <Plus width={16} height={16} aria-hidden="true" />
      New address
    </button>
  );

  let body;
  if (addresses.isPending) {
    body = (
      <div className="address-grid" role="status" aria-busy="true">
        <span className="visually-hidden">Loading addresses</span>
        <div className="card settings-skeleton-card" aria-hidden="true" />
        <div className="card settings-skeleton-card" aria-hidden="true" />
      </div>
    );
  } else if (addresses.isError) {
    body = (
      <div className="card">
        <TableError title="Could not load addresses" error={addresses.error} onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <div className="card">
        <EmptyState icon={MapPin} title="No invoice addresses yet">
          <p>Add the name, address and VAT id that invoices should carry.</p>
          <button type="button" className="btn btn-secondary btn-sm settings-empty-action" onClick={() => openDialog()}>
            <Plus width={14} height={14} aria-hidden="true" />
            Add an address
          </button>
        </EmptyState>
      </div>
    );
  } else {
    const pending = makeDefault.isPending ? makeDefault.variables?.id : remove.isPending ? remove.variables?.id : undefined;
    body = (
      <>
        <p className="settings-count" aria-live="polite">
          {list.length} of {max} addresses{full ? ' — delete one to add another' : ''}
        </p>
        <ul className="address-grid" aria-label="Invoice addresses">
          {list.map((address) => (
            <AddressCard key={address.id} address={address} onEdit={openDialog} onDelete={setDeleting} onMakeDefault={(a) => makeDefault.mutate(a)} busy={pending === address.id} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader title="Invoice Addresses" description="Who invoices are made out to; the default one is used for new invoices" actions={newButton} />
      {body}
      <AddressDialog key={dialog.session} open={dialogOpen} onOpenChange={setDialogOpen} address={dialog.address} firstAddress={list.length === 0} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete address?"
        description={
          deleting ? (
            <>
              The address of <strong>{deleting.name}</strong> will be deleted.
              {deleting.isDefault && list.length > 1 ? ' The oldest remaining address becomes the default.' : ''}
            </>
          ) : null
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}

export default InvoiceAddressesScreen;
