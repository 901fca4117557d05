/**
 * A stacked column chart drawn with plain elements (no chart library: see ARCHITECTURE.md "Charts"):
 * columns are flex boxes, so the chart follows its card's width at any size without measuring, and the
 * text never stretches. Colours are the theme's variables, so light and dark both read. The plot is one
 * focusable image whose name summarises it; each column's values are in its tooltip, and the card's
 * 'Show as table' gives every value as a table.
 */
import { niceMax, tickIndexes } from './chart-math.ts';

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  /** A CSS colour, normally a theme variable. */
  color: string;
}

export interface ColumnPoint<K extends string> {
  label: string;
  values: Record<K, number>;
}

interface ColumnChartProps<K extends string> {
  /** What the chart shows, read as the image's name together with the summary. */
  label: string;
  series: readonly ChartSeries<K>[];
  points: readonly ColumnPoint<K>[];
  summary: string;
}

const integer = new Intl.NumberFormat('en');

export function ColumnChart<K extends string>({ label, series, points, summary }: ColumnChartProps<K>) {
  const totals = points.map((point) => series.reduce((sum, s) => sum + point.values[s.key], 0));
  const max = niceMax(Math.max(0, ...totals));
  const ticks = tickIndexes(points.length, 6);
  return (
    <figure className="chart">
      <div className="chart-frame" role="img" tabIndex={0} aria-label={`${label}. ${summary}`}>
        <div className="chart-y" aria-hidden="true">
          <span>{integer.format(max)}</span>
          <span>{Number.isInteger(max / 2) ? integer.format(max / 2) : ''}</span>
          <span>0</span>
        </div>
        <div className="chart-plot">
          <div className="chart-gridlines" aria-hidden="true" />
          <div className="chart-columns">
            {points.map((point, i) => (
              <div
                key={i}
                className="chart-column"
                title={`${point.label}: ${series.map((s) => `${integer.format(point.values[s.key])} ${s.label.toLowerCase()}`).join(', ')}`}
              >
                {series.map((s) =>
                  point.values[s.key] > 0 ? (
                    <span key={s.key} className="chart-segment" style={{ height: `${(point.values[s.key] / max) * 100}%`, background: s.color }} />
                  ) : null,
                )}
              </div>
            ))}
          </div>
        </div>
        <div className="chart-x" aria-hidden="true">
          {ticks.map((i) => (
            <span key={i} style={{ left: `${((i + 0.5) / points.length) * 100}%` }}>
              {points[i]?.label}
            </span>
          ))}
        </div>
      </div>
      <ChartLegend series={series} />
    </figure>
  );
}

export function ChartLegend<K extends string>({ series }: { series: readonly ChartSeries<K>[] }) {
  return (
    <figcaption className="chart-legend">
      {series.map((s) => (
        <span key={s.key} className="chart-legend-item">
          <span className="chart-swatch" style={{ background: s.color }} aria-hidden="true" />
          {s.label}
        </span>
      ))}
    </figcaption>
  );
}
