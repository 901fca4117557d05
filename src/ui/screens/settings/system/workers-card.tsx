import { Cpu } from 'lucide-react';
import { WORKER_SEEN_WITHIN_SECONDS, type SystemInfo, type WorkerProcess } from '../../../../api/system-api.ts';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RelativeDate } from '../../../components/data/relative-date.tsx';
import { StatusBadge } from '../../../components/data/status-badge.tsx';
import { formatCount } from '../engine-limits.ts';

/** 'worker-3f2a…': the id is a random uuid; its first block tells processes apart. */
const shortId = (id: string) => id.replace(/^worker-/, '').slice(0, 8);

const columns: DataColumn<WorkerProcess>[] = [
  {
    id: 'process',
    header: 'Process',
    cell: (p) => (
      <span className="worker-id">
        <code title={p.id}>{shortId(p.id)}</code>
        {p.current ? <StatusBadge tone="accent">This process</StatusBadge> : null}
      </span>
    ),
  },
  { id: 'version', header: 'Version', hideOnMobile: true, cell: (p) => <span className="tabular">{p.appVersion}</span> },
  { id: 'running', header: 'Running', align: 'end', cell: (p) => <span className="tabular">{`${formatCount(p.running)} of ${formatCount(p.workerSlots)}`}</span> },
  { id: 'started', header: 'Started', hideOnMobile: true, cell: (p) => <RelativeDate value={p.startedAt} variant="ago" /> },
  { id: 'seen', header: 'Last seen', cell: (p) => <RelativeDate value={p.lastSeen} variant="ago" /> },
];

/** The server processes that run workers and were heard from in the last minute (their heartbeats). */
export function WorkersCard({ workers }: { workers: SystemInfo['workers'] }) {
  return (
    <section className="card settings-table-card" aria-labelledby="system-workers-title">
      <div className="card-header">
        <h2 id="system-workers-title" className="card-title">
          Worker processes
        </h2>
        <p className="card-description">
          Server processes running workflows, seen in the last {WORKER_SEEN_WITHIN_SECONDS} seconds.
          {workers.enabledHere ? '' : ' This process only serves and queues runs (RUN_WORKERS_ENABLED=false).'}
        </p>
      </div>
      <DataTable
        aria-label="Worker processes"
        columns={columns}
        rows={workers.processes}
        rowKey={(p) => p.id}
        empty={
          <EmptyState icon={Cpu} title="No worker processes seen">
            Runs wait in the queue until a server process with workers enabled is running.
          </EmptyState>
        }
      />
    </section>
  );
}
