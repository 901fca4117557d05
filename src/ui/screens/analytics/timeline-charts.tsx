/**
 * The executions timeline drawn twice: executions per bucket stacked by outcome (succeeded, failed,
 * still running) and the success-rate trend. One call feeds both (the same query key, so one request).
 */
import { useQuery } from '@tanstack/react-query';
import { executionsTimelineQuery } from '../../../api/analytics-api.ts';
import type { AnalyticsPeriod, ExecutionsTimeline, Granularity } from '../../../domain/contract/analytics.ts';
import { DataTable, type DataColumn } from '../../components/data/data-table.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { GRANULARITY_OPTIONS } from '../../components/analytics/period-options.ts';
import { formatCount, formatPercent } from '../../format/analytics.ts';
import { ChartCard } from './chart-card.tsx';
import { ColumnChart, type ChartSeries } from './column-chart.tsx';
import { TrendChart } from './trend-chart.tsx';
import { bucketLabel, GRANULARITIES_FOR } from './granularity.ts';

type Outcome = 'succeeded' | 'failed' | 'running';
const SERIES: ChartSeries<Outcome>[] = [
  { key: 'succeeded', label: 'Succeeded', color: 'var(--chart-success)' },
  { key: 'failed', label: 'Failed', color: 'var(--chart-danger)' },
  { key: 'running', label: 'Running', color: 'var(--chart-running)' },
];

type Bucket = ExecutionsTimeline['buckets'][number];
const noRuns = (timeline: ExecutionsTimeline) => timeline.buckets.every((bucket) => bucket.total === 0);

function timelineColumns(granularity: Granularity): DataColumn<Bucket>[] {
  return [
    { id: 'start', header: 'Period', cell: (bucket) => bucketLabel(bucket.start, granularity) },
    { id: 'total', header: 'Total', align: 'end', cell: (bucket) => formatCount(bucket.total) },
    { id: 'succeeded', header: 'Succeeded', align: 'end', cell: (bucket) => formatCount(bucket.succeeded) },
    { id: 'failed', header: 'Failed', align: 'end', cell: (bucket) => formatCount(bucket.failed) },
    { id: 'running', header: 'Running', align: 'end', cell: (bucket) => formatCount(bucket.running) },
    { id: 'rate', header: 'Success rate', align: 'end', cell: (bucket) => formatPercent(bucket.success_rate) },
  ];
}

function executionsSummary(timeline: ExecutionsTimeline, granularity: Granularity): string {
  const total = timeline.buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  const peak = timeline.buckets.reduce((best, bucket) => (bucket.total > best.total ? bucket : best), timeline.buckets[0]!);
  return `${formatCount(total)} executions in ${timeline.buckets.length} periods; the most, ${formatCount(peak.total)}, in ${bucketLabel(peak.start, granularity)}.`;
}

function rateSummary(timeline: ExecutionsTimeline): string {
  const rates = timeline.buckets.map((bucket) => bucket.success_rate).filter((rate): rate is number => rate !== null);
  if (rates.length === 0) return 'No finished runs.';
  return `From ${formatPercent(rates[0])} to ${formatPercent(rates.at(-1))}; lowest ${formatPercent(Math.min(...rates))}, highest ${formatPercent(Math.max(...rates))}.`;
}

interface TimelineChartsProps {
  period: AnalyticsPeriod;
  granularity: Granularity;
  onGranularityChange: (granularity: Granularity) => void;
}

export function TimelineCharts({ period, granularity, onGranularityChange }: TimelineChartsProps) {
  const timeline = useQuery(executionsTimelineQuery(period, granularity));
  const allowed = GRANULARITY_OPTIONS.filter((option) => GRANULARITIES_FOR[period].includes(option.value));
  const columns = timelineColumns(granularity);
  const table = (data: ExecutionsTimeline) => (
    <DataTable aria-label="Executions by period" columns={columns} rows={data.buckets} rowKey={(bucket) => bucket.start} />
  );
  return (
    <>
      <ChartCard
        className="chart-card-wide"
        title="Executions over time"
        description="Runs started in each period, by outcome"
        query={timeline}
        isEmpty={noRuns}
        emptyTitle="No executions in this period"
        emptyText="Run a workflow and its executions appear here."
        actions={
          <SelectField
            label="Granularity"
            hideLabel
            options={allowed}
            value={granularity}
            disabled={allowed.length < 2}
            onChange={(event) => onGranularityChange(event.target.value as Granularity)}
          />
        }
        chart={(data) => (
          <ColumnChart
            label="Executions over time"
            series={SERIES}
            summary={executionsSummary(data, granularity)}
            points={data.buckets.map((bucket) => ({
              label: bucketLabel(bucket.start, granularity),
              values: { succeeded: bucket.succeeded, failed: bucket.failed, running: bucket.running },
            }))}
          />
        )}
        table={table}
      />
      <ChartCard
        title="Success rate trend"
        description="Succeeded of finished runs in each period"
        query={timeline}
        isEmpty={(data) => data.buckets.every((bucket) => bucket.success_rate === null)}
        emptyTitle="No finished runs in this period"
        chart={(data) => (
          <TrendChart
            label="Success rate trend"
            summary={rateSummary(data)}
            format={formatPercent}
            points={data.buckets.map((bucket) => ({ label: bucketLabel(bucket.start, granularity), value: bucket.success_rate }))}
          />
        )}
        table={table}
      />
    </>
  );
}
