import { useRef, type ReactNode } from 'react';
import { AppDialog } from './dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** 'danger' paints the confirm button red (deletes). */
  tone?: 'danger' | 'default';
  busy?: boolean;
}

/**
 * "Are you sure?" as an alert dialog. Focus starts on Cancel, so Enter right after opening never
 * destroys anything by accident.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, tone = 'danger', busy = false }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={title} description={description} role="alertdialog" initialFocus={cancelRef} busy={busy}>
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'} onClick={onConfirm} disabled={busy}>
          {busy ? <Spinner size={14} /> : null}
          {confirmLabel}
        </button>
      </div>
    </AppDialog>
  );
}
