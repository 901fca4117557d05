import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Popover, Portal } from '@ark-ui/react';
import { Bell, Check, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatAgo, formatFullDate } from '../format/index.ts';
import type { LiveStore, NotificationItem } from '../stores/live-store.ts';
import './notifications.css';

/** While the panel is open its 'ago' times move on; closed, nothing ticks. */
const TICK_MS = 15_000;

function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

interface NotificationRowProps {
  item: NotificationItem;
  unread: boolean;
  now: Date;
  onNavigate: () => void;
  /** Marks the row read or unread (kept on the server, issue 17). */
  onMark: (read: boolean) => void;
}

/** A row's name for its read toggle: the start of its message, since 'Mark as read' alone names no row. */
const gist = (message: string) => (message.length > 60 ? `${message.slice(0, 59)}…` : message);

function NotificationRow({ item, unread, now, onNavigate, onMark }: NotificationRowProps) {
  const at = new Date(item.receivedAt);
  return (
    <li className="notification-item" data-level={item.level} data-unread={unread || undefined}>
      <span className="notification-dot" aria-hidden="true" />
      <div className="notification-body">
        <p className="notification-message">
          {/* The level is a colour for the eye; a screen reader hears it as a word. */}
          {item.level ? <span className="visually-hidden">{item.level}: </span> : null}
          {item.message}
          {unread ? <span className="visually-hidden"> (unread)</span> : null}
        </p>
        <p className="notification-meta">
          <time dateTime={at.toISOString()} title={formatFullDate(at)}>
            {formatAgo(at, now)}
          </time>
          {item.runId ? (
            <Link
              className="notification-link"
              to={`/executions/${encodeURIComponent(item.runId)}`}
              onClick={() => {
                onMark(true);
                onNavigate();
              }}
            >
              View execution
            </Link>
          ) : null}
        </p>
      </div>
      <button
        type="button"
        className="icon-button icon-button-sm notification-mark"
        aria-label={`${unread ? 'Mark as read' : 'Mark as unread'}: ${gist(item.message)}`}
        title={unread ? 'Mark as read' : 'Mark as unread'}
        onClick={() => onMark(unread)}
      >
        {unread ? <Check width={14} height={14} aria-hidden="true" /> : <Undo2 width={14} height={14} aria-hidden="true" />}
      </button>
    </li>
  );
}

/** The header's bell: unread badge, and a panel listing the live notifications, newest first. */
export const NotificationBell = observer(function NotificationBell({ store }: { store: LiveStore }) {
  const [open, setOpen] = useState(false);
  const now = useNow(open);
  const unread = store.unreadCount;
  const items = store.notifications;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger
        className="icon-button notification-trigger"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        title="Notifications"
        data-live-state={store.state}
      >
        <Bell width={18} height={18} aria-hidden="true" />
        {unread > 0 ? (
          <span className="notification-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          {/* Named here: Ark links its Title only if it saw it rendered on opening, too early with lazyMount. */}
          <Popover.Content className="notification-panel" aria-label="Notifications">
            <div className="notification-panel-header">
              <Popover.Title className="notification-panel-title">Notifications</Popover.Title>
              {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page body. */}
              <button type="button" className="btn btn-ghost btn-sm" aria-disabled={unread === 0} onClick={() => store.markAllRead()}>
                Mark all as read
              </button>
            </div>
            {items.length === 0 ? (
              <p className="notification-empty">No notifications yet</p>
            ) : (
              <ul className="notification-list" aria-label="Notifications, newest first">
                {items.map((item) => (
                  <NotificationRow
                    key={item.key}
                    item={item}
                    unread={!item.read}
                    now={now}
                    onNavigate={() => setOpen(false)}
                    onMark={(read) => store.markRead(item.key, read)}
                  />
                ))}
              </ul>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
});
