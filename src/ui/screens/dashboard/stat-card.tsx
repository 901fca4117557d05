import type { LucideIcon } from 'lucide-react';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import type { Change } from '../../format/analytics.ts';

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  /** Undefined while loading: the card shows '...' (SPEC §2). */
  value?: string | undefined;
  /** The change against the previous period, for the cards that show one. */
  change?: Change | undefined;
}

const TREND_ICONS = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;

export function StatCard({ title, icon: Icon, value, change }: StatCardProps) {
  const loading = value === undefined;
  const TrendIcon = change ? TREND_ICONS[change.direction] : null;
  return (
    <section className="card stat-card" aria-label={title} aria-busy={loading || undefined}>
      <div className="stat-card-head">
        <h2 className="stat-card-title">{title}</h2>
        <Icon width={16} height={16} aria-hidden="true" className="stat-card-icon" />
      </div>
      <p className="stat-card-value" data-loading={loading || undefined}>
        {value ?? '...'}
      </p>
      {change && TrendIcon && !loading ? (
        <p className={`stat-card-change trend-${change.direction}`}>
          <TrendIcon width={14} height={14} aria-hidden="true" />
          {change.text ? (
            <>
              <span aria-hidden="true">{change.text}</span>
              <span className="visually-hidden">{change.label}</span>
              <span className="stat-card-change-note" aria-hidden="true">
                vs previous period
              </span>
            </>
          ) : (
            <span>{change.label}</span>
          )}
        </p>
      ) : null}
    </section>
  );
}
