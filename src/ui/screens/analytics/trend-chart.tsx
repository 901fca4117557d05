/**
 * A line of percentages over time (the success-rate trend): the line is one SVG path in a 0–100 box
 * stretched to the card (its stroke does not scale), the points are plain dots placed in percent, and a
 * bucket with nothing finished leaves a gap rather than dropping to 0. Same accessibility as the columns.
 */
import { linePath, tickIndexes } from './chart-math.ts';

interface TrendChartProps {
  label: string;
  points: readonly { label: string; value: number | null }[];
  format: (value: number) => string;
  summary: string;
}

export function TrendChart({ label, points, format, summary }: TrendChartProps) {
  const values = points.map((point) => point.value);
  const ticks = tickIndexes(points.length, 6);
  const x = (i: number) => (points.length === 1 ? 50 : ((i + 0.5) / points.length) * 100);
  return (
    <figure className="chart">
      <div className="chart-frame" role="img" tabIndex={0} aria-label={`${label}. ${summary}`}>
        <div className="chart-y" aria-hidden="true">
          <span>100%</span>
          <span>50%</span>
          <span>0%</span>
        </div>
        <div className="chart-plot">
          <div className="chart-gridlines" aria-hidden="true" />
          <svg className="chart-line" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            <path d={linePath(values, 100)} vectorEffect="non-scaling-stroke" />
          </svg>
          {points.map((point, i) =>
            point.value === null ? null : (
              <span
                key={i}
                className="chart-dot"
                style={{ left: `${x(i)}%`, top: `${100 - Math.min(point.value, 100)}%` }}
                title={`${point.label}: ${format(point.value)}`}
              />
            ),
          )}
        </div>
        <div className="chart-x" aria-hidden="true">
          {ticks.map((i) => (
            <span key={i} style={{ left: `${x(i)}%` }}>
              {points[i]?.label}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
