/**
 * The "…" menu at the end of a table row, on Ark's Menu: arrow keys move between items, Enter or Space
 * picks one, Escape closes it and focus goes back to the trigger, typing a letter jumps to an item.
 */
import { Menu, Portal } from '@ark-ui/react';
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import './controls.css';

export interface RowAction {
  value: string;
  label: string;
  icon?: LucideIcon;
  /** Painted red: destroys something (it should still ask first). */
  danger?: boolean;
  disabled?: boolean;
  onSelect: () => void;
}

interface RowActionsMenuProps {
  /** Accessible name of the trigger, e.g. 'Actions for Send invoices'. */
  label: string;
  actions: readonly RowAction[];
}

export function RowActionsMenu({ label, actions }: RowActionsMenuProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 4 }} lazyMount unmountOnExit>
      <Menu.Trigger className="icon-button row-actions-trigger" aria-label={label} title="Actions">
        <MoreHorizontal width={16} height={16} aria-hidden="true" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="menu menu-compact">
            {actions.map(({ value, label: text, icon: Icon, danger, disabled, onSelect }) => (
              <Menu.Item
                key={value}
                value={value}
                className={danger ? 'menu-item menu-item-danger' : 'menu-item'}
                disabled={disabled}
                onSelect={onSelect}
              >
                {Icon ? <Icon width={16} height={16} aria-hidden="true" /> : null}
                {text}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
