/**
 * A centred modal on Ark's Dialog: focus moves in when it opens (to `initialFocus`, else the first
 * field or button), stays trapped inside, Escape or a backdrop click closes it, and focus returns to
 * whatever had it before. Rename, confirm and "Save as template" are all built on this.
 */
import type { ReactNode, RefObject } from 'react';
import { Dialog, Portal } from '@ark-ui/react';
import { X } from 'lucide-react';
import './controls.css';

interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** 'alertdialog' for a confirmation that interrupts (a delete). */
  role?: 'dialog' | 'alertdialog';
  initialFocus?: RefObject<HTMLElement | null>;
  /** While busy the dialog cannot be dismissed, so an answer is never lost halfway. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

export function AppDialog({ open, onOpenChange, title, description, children, role = 'dialog', initialFocus, busy = false, size = 'sm' }: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!busy || details.open) onOpenChange(details.open);
      }}
      role={role}
      initialFocusEl={initialFocus ? () => initialFocus.current : undefined}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner">
          <Dialog.Content className={`dialog dialog-${size}`}>
            <div className="dialog-header">
              <Dialog.Title className="dialog-title">{title}</Dialog.Title>
              {description ? <Dialog.Description className="dialog-description">{description}</Dialog.Description> : null}
            </div>
            {children}
            <Dialog.CloseTrigger className="icon-button dialog-close" aria-label="Close" disabled={busy}>
              <X width={16} height={16} aria-hidden="true" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
