import type { ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon } from './eager-icons.tsx';

interface AlertProps {
  variant: 'error' | 'success';
  title?: string;
  children: ReactNode;
}

/**
 * An inline message box. Errors use role="alert" so screen readers announce them as they appear;
 * success uses role="status", which is announced without interrupting.
 */
export function Alert({ variant, title, children }: AlertProps) {
  const Icon = variant === 'error' ? CircleAlertIcon : CircleCheckIcon;
  return (
    <div className={`alert alert-${variant}`} role={variant === 'error' ? 'alert' : 'status'}>
      <Icon className="alert-icon" aria-hidden="true" width={16} height={16} />
      <div className="alert-body">
        {title ? <p className="alert-title">{title}</p> : null}
        <div className="alert-text">{children}</div>
      </div>
    </div>
  );
}
