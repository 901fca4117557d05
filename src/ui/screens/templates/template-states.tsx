import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { TableError } from '../../components/data/table-error.tsx';
import { isClientError } from '../../../api/workflows-api.ts';

interface TemplateLoadErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  backTo: { to: string; label: string };
}

/**
 * A template that cannot be shown. The server answers 404 both for one that does not exist and for one
 * that is private to someone else (and 400 for a malformed id): all read as 'not found'. Anything else
 * (network, server error) can be retried.
 */
export function TemplateLoadError({ error, onRetry, retrying, backTo }: TemplateLoadErrorProps) {
  if (isClientError(error)) {
    return (
      <div className="card template-missing">
        <span className="empty-state-icon" aria-hidden="true">
          <SearchX width={20} height={20} />
        </span>
        <h1 className="template-missing-title">Template not found</h1>
        <p className="empty-state-text">It may have been removed, or it is private.</p>
        <Link to={backTo.to} className="btn btn-primary template-missing-action">
          {backTo.label}
        </Link>
      </div>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">Template</h1>
      <div className="card">
        <TableError error={error} title="Could not load this template" onRetry={onRetry} retrying={retrying} />
      </div>
    </>
  );
}
