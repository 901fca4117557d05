import { Pencil, Star, Trash2 } from 'lucide-react';
import type { InvoiceAddress } from '../../../../api/billing-api.ts';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { addressLines } from './address-form.ts';

interface AddressCardProps {
  address: InvoiceAddress;
  onEdit: (address: InvoiceAddress) => void;
  onDelete: (address: InvoiceAddress) => void;
  onMakeDefault: (address: InvoiceAddress) => void;
  /** A change to this address is on its way. */
  busy: boolean;
}

/** One address as it would be printed, with its actions as named buttons (keyboard and screen readers). */
export function AddressCard({ address, onEdit, onDelete, onMakeDefault, busy }: AddressCardProps) {
  const headingId = `address-${address.id}`;
  return (
    <li className="card address-card" aria-labelledby={headingId}>
      <div className="address-card-head">
        <h2 id={headingId} className="address-name">
          {address.name}
        </h2>
        {address.isDefault ? <StatusBadge tone="accent">Default</StatusBadge> : null}
      </div>
      <address className="address-lines">
        {addressLines(address).map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      </address>
      {address.vatId ? (
        <p className="address-vat">
          <span className="settings-muted">VAT id</span> <code>{address.vatId}</code>
        </p>
      ) : null}
      <div className="address-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onEdit(address)} aria-label={`Edit address of ${address.name}`} disabled={busy}>
          <Pencil width={14} height={14} aria-hidden="true" />
          Edit
        </button>
        {address.isDefault ? null : (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => onMakeDefault(address)}
            aria-label={`Make the address of ${address.name} the default`}
            disabled={busy}
          >
            <Star width={14} height={14} aria-hidden="true" />
            Make default
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm address-delete"
          onClick={() => onDelete(address)}
          aria-label={`Delete address of ${address.name}`}
          disabled={busy}
        >
          <Trash2 width={14} height={14} aria-hidden="true" />
          Delete
        </button>
      </div>
    </li>
  );
}
