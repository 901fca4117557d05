/**
 * /analytics: the period's figures and charts, each card fed by its own analytics call (SPEC §7), so a
 * slow or failing call leaves the others on screen. Period, granularity and the top-workflows ranking
 * live in the address (?period=90d&granularity=week&sort=failure_count). Charts are hand-drawn with plain
 * elements (ARCHITECTURE.md "Charts"), so this lazy chunk carries no chart library and the dashboard none
 * at all. A finished run refreshes every card (stores/live-analytics.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { creationTrendsQuery } from '../../../api/analytics-api.ts';
import { TOP_SORTS, type AnalyticsPeriod, type Granularity, type TopSort } from '../../../domain/contract/analytics.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useChoiceParam, usePeriodParam, useSetParam } from '../../hooks/use-period-param.ts';
import { useAnalyticsLive } from '../../stores/live-analytics.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { PERIOD_OPTIONS } from '../../components/analytics/period-options.ts';
import { formatCount } from '../../format/analytics.ts';
import { DurationCard, ErrorCards, PieceUsageCard } from './breakdown-cards.tsx';
import { ChartCard } from './chart-card.tsx';
import { ColumnChart } from './column-chart.tsx';
import { bucketLabel, DEFAULT_GRANULARITY, granularityFor } from './granularity.ts';
import { OverviewFigures } from './overview-figures.tsx';
import { TimelineCharts } from './timeline-charts.tsx';
import { TopWorkflowsCard } from './top-workflows.tsx';
import './analytics.css';

/** The timeline's granularity: the one in the address if it suits the period, else the period's default. */
function useGranularity(period: AnalyticsPeriod): [Granularity, (granularity: Granularity) => void] {
  const [params] = useSearchParams();
  const setParam = useSetParam<Granularity>('granularity', DEFAULT_GRANULARITY[period]);
  return [granularityFor(period, params.get('granularity')), setParam];
}

function CreationCard({ period, granularity }: { period: AnalyticsPeriod; granularity: Granularity }) {
  const trends = useQuery(creationTrendsQuery(period, granularity));
  return (
    <ChartCard
      title="Workflows created"
      description="New workflows in each period"
      query={trends}
      isEmpty={(data) => data.buckets.every((bucket) => bucket.count === 0)}
      emptyTitle="No workflows created in this period"
      chart={(data) => (
        <ColumnChart
          label="Workflows created"
          summary={`${formatCount(data.buckets.reduce((sum, bucket) => sum + bucket.count, 0))} workflows created in ${data.buckets.length} periods.`}
          series={[{ key: 'count', label: 'Created', color: 'var(--chart-running)' }]}
          points={data.buckets.map((bucket) => ({ label: bucketLabel(bucket.start, granularity), values: { count: bucket.count } }))}
        />
      )}
      table={(data) => (
        <table className="data-table">
          <caption className="visually-hidden">Workflows created by period</caption>
          <thead>
            <tr>
              <th scope="col" className="data-cell">
                Period
              </th>
              <th scope="col" className="data-cell data-cell-end">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {data.buckets.map((bucket) => (
              <tr key={bucket.start} className="data-row">
                <td className="data-cell">{bucketLabel(bucket.start, granularity)}</td>
                <td className="data-cell data-cell-end tabular">{formatCount(bucket.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

export function AnalyticsScreen() {
  usePageTitle('Analytics');
  useAnalyticsLive();
  const [period, setPeriod] = usePeriodParam();
  const [granularity, setGranularity] = useGranularity(period);
  const [sortBy, setSortBy] = useChoiceParam<TopSort>('sort', TOP_SORTS, 'execution_count');

  return (
    <div className="page">
      <PageHeader
        title="Analytics"
        description="How your workflows run over time"
        actions={
          <SelectField label="Period" hideLabel options={PERIOD_OPTIONS} value={period} onChange={(event) => setPeriod(event.target.value as AnalyticsPeriod)} />
        }
      />
      <OverviewFigures period={period} />
      <div className="chart-grid">
        <TimelineCharts period={period} granularity={granularity} onGranularityChange={setGranularity} />
        <DurationCard period={period} />
        <TopWorkflowsCard period={period} sortBy={sortBy} onSortChange={setSortBy} />
        <ErrorCards period={period} />
        <PieceUsageCard period={period} />
        <CreationCard period={period} granularity={granularity} />
      </div>
    </div>
  );
}

export default AnalyticsScreen;
