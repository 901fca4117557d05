import { CircleAlert, RotateCw } from 'lucide-react';
import { errorMessage } from './error-message.ts';

interface TableErrorProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
  /** True while the retry runs: the button shows it and cannot be pressed twice. */
  retrying?: boolean;
}

/** A failed load in place of the table: what went wrong and a 'Retry' button. */
export function TableError({ error, onRetry, title = 'Could not load the data', retrying = false }: TableErrorProps) {
  return (
    <div className="table-error" role="alert">
      <span className="table-error-icon" aria-hidden="true">
        <CircleAlert width={20} height={20} />
      </span>
      <p className="table-error-title">{title}</p>
      <p className="table-error-text">{errorMessage(error)}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry} disabled={retrying}>
        <RotateCw width={14} height={14} aria-hidden="true" className={retrying ? 'spinner' : undefined} />
        Retry
      </button>
    </div>
  );
}
