/**
 * The frame every left panel of the editor shares (SPEC §4 left panel: runs, versions, run details): an
 * <aside> named for screen readers, a header with the title, optional leading controls and a close
 * button, and a scrolling body. Escape pressed inside the panel closes it — unless something inside
 * handled it first (a dialog rendered through a portal still bubbles through React's tree, so keys that
 * did not happen in the panel's own DOM are ignored too).
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { X } from 'lucide-react';
import './panels.css';

interface PanelFrameProps {
  label: string;
  title: string;
  onClose(): void;
  /** Before the title, e.g. 'Back to runs'. */
  leading?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function PanelFrame({ label, title, onClose, leading, children, className }: PanelFrameProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    event.preventDefault();
    // The canvas below listens for Escape too (clearing the selection); one press does one thing.
    event.stopPropagation();
    onClose();
  };
  return (
    <aside className={className ? `editor-panel ${className}` : 'editor-panel'} aria-label={label} onKeyDown={onKeyDown}>
      <header className="editor-panel-header">
        {leading}
        <h2 className="editor-panel-title">{title}</h2>
        <button type="button" className="icon-button editor-panel-close" aria-label="Close panel" title="Close panel" onClick={onClose}>
          <X width={16} height={16} aria-hidden="true" />
        </button>
      </header>
      <div className="editor-panel-body">{children}</div>
    </aside>
  );
}

/** Rows of grey bars while a list loads, announced once. */
export function PanelSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div className="editor-panel-skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="editor-panel-skeleton-row">
          <span className="skeleton" style={{ width: `${72 - (row % 3) * 14}%` }} />
          <span className="skeleton" style={{ width: '40%' }} />
        </div>
      ))}
    </div>
  );
}
