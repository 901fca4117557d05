/**
 * Retry and replay of a finished run (issue 15), shared by /executions/{id} and the editor's run panel:
 * 'Retry from failed step' (the same version; the steps before the failed one keep their outputs) and
 * 'Run again on the latest version'. Each makes a new run linked to this one; the caller opens it
 * (`onStarted`). And the links themselves, as facts: the run this one retries, the runs made from it.
 */
import type { ReactNode } from 'react';
import type { RetryStrategy, RunDetail, RunLink } from '../../../api/executions-api.ts';
import { Spinner } from '../ui/spinner.tsx';
import { RunStatusBadge } from './status-badge.tsx';
import { retryStrategiesFor, STRATEGY_ICON, STRATEGY_LABEL, useRunRetry } from './use-run-retry.ts';

export function RetryActions({ run, onStarted, compact = false }: { run: RunDetail; onStarted(run: RunDetail): void; compact?: boolean }) {
  const retry = useRunRetry(run.id, { onStarted });
  const strategies = retryStrategiesFor(run);
  if (strategies.length === 0) return null;
  const size = compact ? 'btn-sm' : '';
  return (
    <div className={compact ? 'run-retry-actions run-retry-actions-compact' : 'run-retry-actions'} role="group" aria-label="Run again">
      {strategies.map((strategy, index) => (
        <button
          key={strategy}
          type="button"
          // the first offer is the one this run calls for: the failed step when there is one
          className={`btn ${index === 0 ? 'btn-primary' : 'btn-secondary'} ${size}`.trim()}
          disabled={retry.isPending}
          onClick={() => retry.mutate(strategy)}
        >
          {retry.isPending && retry.variables === strategy ? <Spinner size={14} /> : <Icon strategy={strategy} />}
          {STRATEGY_LABEL[strategy]}
        </button>
      ))}
    </div>
  );
}

function Icon({ strategy }: { strategy: RetryStrategy }) {
  const Glyph = STRATEGY_ICON[strategy];
  return <Glyph width={14} height={14} aria-hidden="true" />;
}

/** `renderLink(id, children)`: a link to that run where the caller shows runs (a route, or a panel button). */
export function RunLinkFacts({ run, renderLink }: { run: RunDetail; renderLink(id: string, children: ReactNode): ReactNode }) {
  const label = (link: RunLink) => (
    <>
      <code className="run-link-id">{link.id.slice(0, 8)}</code> <RunStatusBadge status={link.status} />
    </>
  );
  return (
    <>
      {run.retryOf ? (
        <div>
          <dt>{run.retryOf.strategy === 'FROM_FAILED_STEP' ? 'Retry of' : 'Run again of'}</dt>
          <dd className="run-links">{renderLink(run.retryOf.id, label(run.retryOf))}</dd>
        </div>
      ) : null}
      {run.retries && run.retries.length > 0 ? (
        <div>
          <dt>Retried as</dt>
          <dd>
            <ul className="run-links" aria-label="Retries of this run">
              {run.retries.map((link) => (
                <li key={link.id}>{renderLink(link.id, label(link))}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </>
  );
}
