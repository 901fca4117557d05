/**
 * /settings/system (read-only): what this server is and what it is doing, read again every few seconds
 * (GET /system, SYSTEM_REFRESH_MS): the version, the database's kind, the daily quota with today's use,
 * queue depth (the user's and everyone's, as counts), the worker processes seen in the last minute and
 * the engine's limits. A failed refresh keeps the last answer on screen and says so.
 */
import { useQuery } from '@tanstack/react-query';
import { Server } from 'lucide-react';
import { SYSTEM_REFRESH_MS, systemQuery, type SystemInfo } from '../../../../api/system-api.ts';
import { formatFullDate } from '../../../format/index.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TableError } from '../../../components/data/table-error.tsx';
import { errorMessage } from '../../../components/data/error-message.ts';
import { formatCount, quotaUse } from '../engine-limits.ts';
import { UsageMeter } from '../usage-meter.tsx';
import { LimitsCard } from '../limits-card.tsx';
import { WorkersCard } from './workers-card.tsx';
import '../settings-extras.css';

const DATABASE_NAMES: Record<SystemInfo['database']['kind'], string> = {
  embedded: 'Embedded PostgreSQL (PGlite)',
  postgresql: 'PostgreSQL server',
};

/** 'at 00:00 UTC, in 5 h 12 min' */
function resetText(resetsAt: string, now: number): string {
  const minutes = Math.max(0, Math.round((new Date(resetsAt).getTime() - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  const inText = hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
  return `Resets at 00:00 UTC, in ${inText}`;
}

function SystemDetails({ info }: { info: SystemInfo }) {
  const quota = quotaUse(info.quota.usedToday, info.quota.daily);
  const checked = new Date(info.checkedAt).getTime();
  return (
    <>
      <div className="settings-grid">
        <section className="card" aria-labelledby="system-server-title">
          <div className="card-header">
            <h2 id="system-server-title" className="card-title">
              Server
            </h2>
          </div>
          <dl className="details">
            <div className="details-row">
              <dt>Version</dt>
              <dd className="tabular">{info.version}</dd>
            </div>
            <div className="details-row">
              <dt>Database</dt>
              <dd>
                {DATABASE_NAMES[info.database.kind]} <span className="cell-muted">{info.database.version}</span>
              </dd>
            </div>
            <div className="details-row">
              <dt>Checked</dt>
              <dd>
                <time dateTime={info.checkedAt}>{formatFullDate(info.checkedAt)}</time>
              </dd>
            </div>
          </dl>
        </section>
        <section className="card" aria-labelledby="system-usage-title">
          <div className="card-header">
            <h2 id="system-usage-title" className="card-title">
              Runs and queue
            </h2>
          </div>
          <div className="settings-card-body">
            <UsageMeter label="Your runs today" text={quota.text} percent={quota.percent} hint={resetText(info.quota.resetsAt, checked)} />
            <table className="data-table queue-table">
              <caption className="visually-hidden">Queue depth</caption>
              <thead>
                <tr>
                  <th scope="col">Queue</th>
                  <th scope="col" className="data-cell-end">
                    Waiting
                  </th>
                  <th scope="col" className="data-cell-end">
                    Running
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Your runs</th>
                  <td className="data-cell-end tabular">{formatCount(info.queue.mine.waiting)}</td>
                  <td className="data-cell-end tabular">{formatCount(info.queue.mine.running)}</td>
                </tr>
                <tr>
                  <th scope="row">All users</th>
                  <td className="data-cell-end tabular">{formatCount(info.queue.all.waiting)}</td>
                  <td className="data-cell-end tabular">{formatCount(info.queue.all.running)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </section>
      </div>
      <WorkersCard workers={info.workers} />
      <LimitsCard limits={info.limits} title="Engine limits" description="What one run and one user may use, as this server is configured." showSettings />
    </>
  );
}

export function SystemScreen() {
  usePageTitle('System');
  const system = useQuery(systemQuery());

  let body;
  if (system.isPending) {
    body = (
      <div className="card settings-loading" role="status" aria-live="polite">
        <Server width={18} height={18} aria-hidden="true" />
        Reading the system…
      </div>
    );
  } else if (system.isError && !system.data) {
    body = (
      <div className="card">
        <TableError title="Could not read the system" error={system.error} onRetry={() => void system.refetch()} retrying={system.isFetching} />
      </div>
    );
  } else {
    body = (
      <>
        {system.isError ? (
          <p className="settings-stale" role="status">
            Could not refresh: {errorMessage(system.error)} Showing what was read last.
          </p>
        ) : null}
        <SystemDetails info={system.data} />
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader title="System" description={`How this Flowsmith server is set up and what it is doing. Refreshed every ${SYSTEM_REFRESH_MS / 1000} seconds.`} />
      {body}
    </div>
  );
}

export default SystemScreen;
