/**
 * The ranked breakdowns of /analytics: run durations (percentiles), errors by code and by failing step
 * (each row opens /executions filtered to those runs), and which pieces the workflows are made of.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorAnalysisQuery, executionsPerformanceQuery, pieceUsageQuery } from '../../../api/analytics-api.ts';
import type { AnalyticsPeriod, ErrorAnalysis, ExecutionsPerformance } from '../../../domain/contract/analytics.ts';
import { RUN_STATUSES, type RunStatus } from '../../../domain/flow/runs.ts';
import { formatCount, formatSeconds } from '../../format/analytics.ts';
import { BarTable, type BarRow } from './bar-table.tsx';
import { ChartCard } from './chart-card.tsx';

const PERCENTILES = [
  { key: 'avg', label: 'Average' },
  { key: 'p50', label: 'Median (p50)' },
  { key: 'p95', label: '95th percentile' },
  { key: 'p99', label: '99th percentile' },
  { key: 'max', label: 'Longest' },
] as const;

export function durationRows(performance: ExecutionsPerformance): BarRow[] {
  return PERCENTILES.map(({ key, label }) => ({ key, label, value: performance[key] ?? 0, display: formatSeconds(performance[key]) }));
}

export function DurationCard({ period }: { period: AnalyticsPeriod }) {
  const performance = useQuery(executionsPerformanceQuery(period));
  return (
    <ChartCard
      title="Execution time"
      description="Durations of finished runs"
      query={performance}
      isEmpty={(data) => data.finished_runs === 0}
      emptyTitle="No finished runs in this period"
      chart={(data) => (
        <BarTable caption={`Durations of ${formatCount(data.finished_runs)} finished runs`} labelHeader="Measure" valueHeader="Duration" rows={durationRows(data)} />
      )}
    />
  );
}

/**
 * The executions list's time range that holds the period: its own for 24h, 7d and 30d; all time for the
 * longer ones (the list has no 90-day or one-year range), so every counted run is in the list.
 */
const executionsRange = (period: AnalyticsPeriod) => (period === '24h' || period === '7d' || period === '30d' ? period : 'all');

/** An error code is the run's end status: when it is one the executions list filters by, link there. */
export function errorCodeHref(code: string, period: AnalyticsPeriod): string | null {
  return RUN_STATUSES.includes(code as RunStatus) ? `/executions?status=${encodeURIComponent(code)}&range=${executionsRange(period)}` : null;
}

export const failingStepHref = (workflowId: string, period: AnalyticsPeriod) =>
  `/executions?status=FAILED&workflow=${encodeURIComponent(workflowId)}&range=${executionsRange(period)}`;

function errorCodeRows(analysis: ErrorAnalysis, period: AnalyticsPeriod): BarRow[] {
  return analysis.by_code.map(({ code, count }) => {
    const href = errorCodeHref(code, period);
    return { key: code, value: count, display: formatCount(count), label: href ? <Link to={href} className="cell-link">{code}</Link> : code };
  });
}

function failingStepRows(analysis: ErrorAnalysis, period: AnalyticsPeriod): BarRow[] {
  return analysis.by_step.map((row) => ({
    key: `${row.workflow_id}/${row.step_name}`,
    value: row.count,
    display: formatCount(row.count),
    label: (
      <Link to={failingStepHref(row.workflow_id, period)} className="cell-link bar-table-two-lines">
        <span>{row.step_display_name}</span>
        <span className="cell-muted">{row.workflow_name}</span>
      </Link>
    ),
  }));
}

/** The steps failed at most often first; a flow with many steps lists ten until asked for all. */
export const FAILING_STEPS_SHOWN = 10;

function FailingSteps({ analysis, period }: { analysis: ErrorAnalysis; period: AnalyticsPeriod }) {
  const [all, setAll] = useState(false);
  const rows = failingStepRows(analysis, period);
  const shown = all ? rows : rows.slice(0, FAILING_STEPS_SHOWN);
  return (
    <>
      <BarTable caption="Errors by step" labelHeader="Step" valueHeader="Runs" rows={shown} color="var(--chart-danger)" />
      {rows.length > FAILING_STEPS_SHOWN ? (
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show the top ${FAILING_STEPS_SHOWN}` : `Show all ${rows.length} steps`}
        </button>
      ) : null}
    </>
  );
}

export function ErrorCards({ period }: { period: AnalyticsPeriod }) {
  const errors = useQuery(errorAnalysisQuery(period));
  return (
    <>
      <ChartCard
        title="Errors by code"
        description="Failed runs by how they ended"
        query={errors}
        isEmpty={(data) => data.by_code.length === 0}
        emptyTitle="No errors in this period"
        chart={(data) => (
          <BarTable caption="Errors by code" labelHeader="Code" valueHeader="Runs" rows={errorCodeRows(data, period)} color="var(--chart-danger)" />
        )}
      />
      <ChartCard
        title="Errors by step"
        description="The steps runs failed at"
        query={errors}
        isEmpty={(data) => data.by_step.length === 0}
        emptyTitle="No failing steps in this period"
        chart={(data) => <FailingSteps analysis={data} period={period} />}
      />
    </>
  );
}

export function PieceUsageCard({ period }: { period: AnalyticsPeriod }) {
  const usage = useQuery(pieceUsageQuery(period));
  return (
    <ChartCard
      title="Piece usage"
      description="Steps in your workflows, by piece"
      query={usage}
      isEmpty={(data) => data.pieces.length === 0}
      emptyTitle="No steps yet"
      emptyText="Add steps to a workflow and the pieces it uses appear here."
      chart={(data) => (
        <BarTable
          caption="Steps by piece"
          labelHeader="Piece"
          valueHeader="Steps"
          rows={data.pieces.map((piece) => ({
            key: piece.piece_name,
            value: piece.step_count,
            display: formatCount(piece.step_count),
            label: (
              <span className="bar-table-two-lines">
                <span>{piece.display_name}</span>
                <span className="cell-muted">
                  {formatCount(piece.workflow_count)} {piece.workflow_count === 1 ? 'workflow' : 'workflows'} · {formatCount(piece.execution_count)}{' '}
                  {piece.execution_count === 1 ? 'execution' : 'executions'}
                </span>
              </span>
            ),
          }))}
        />
      )}
    />
  );
}
