import type { ReactNode } from 'react';

/** 'primary' (solid accent) and 'outline' (border only) are the SPEC's 'default' and 'outline' badges. */
export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral' | 'accent' | 'primary' | 'outline';

interface StatusBadgeProps {
  tone: BadgeTone;
  children: ReactNode;
  /** A coloured dot before the text; the text always carries the meaning, never the colour alone. */
  dot?: boolean;
  title?: string;
}

/** A small pill for a state: 'Published', 'Draft', 'Succeeded', 'Failed'… */
export function StatusBadge({ tone, children, dot = false, title }: StatusBadgeProps) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {dot ? <span className="badge-dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
