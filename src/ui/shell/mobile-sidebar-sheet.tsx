import type { ReactNode } from 'react';
import { Dialog, Portal } from '@ark-ui/react';

interface MobileSidebarSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * The sidebar on phones: a modal sheet from the left with a backdrop. Ark's Dialog traps focus inside,
 * closes on Escape or a backdrop click, and gives focus back to the header toggle when it closes.
 */
export function MobileSidebarSheet({ open, onOpenChange, children }: MobileSidebarSheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className="sheet-backdrop" />
        <Dialog.Positioner className="sheet-positioner">
          <Dialog.Content className="sheet">
            <Dialog.Title className="visually-hidden">Navigation</Dialog.Title>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
