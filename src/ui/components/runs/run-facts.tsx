/** A run's status, start and duration as a facts list (the executions detail and the editor's run panel). */
import type { ReactNode } from 'react';
import type { RunSummary } from '../../../api/executions-api.ts';
import { formatDuration } from '../../format/index.ts';
import { RelativeDate } from '../data/relative-date.tsx';
import { RunStatusBadge } from './status-badge.tsx';
import './runs.css';

export function runDurationText(run: Pick<RunSummary, 'duration' | 'status'>): string {
  if (run.duration === null || run.duration === undefined) return run.status === 'RUNNING' ? 'Running…' : '—';
  return formatDuration(run.duration);
}

/** `children`: more facts after the three, as `<div><dt/><dd/></div>`. */
export function RunFacts({ run, className = '', children }: { run: Pick<RunSummary, 'status' | 'startTime' | 'duration'>; className?: string; children?: ReactNode }) {
  return (
    <dl className={`run-facts ${className}`.trim()}>
      <div>
        <dt>Status</dt>
        <dd>
          <RunStatusBadge status={run.status} />
        </dd>
      </div>
      <div>
        <dt>Started</dt>
        <dd>
          <RelativeDate value={run.startTime} />
        </dd>
      </div>
      <div>
        <dt>Duration</dt>
        <dd className="tabular">{runDurationText(run)}</dd>
      </div>
      {children}
    </dl>
  );
}
