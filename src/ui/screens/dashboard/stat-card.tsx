import type { LucideIcon } from 'lucide-react';

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  /** Undefined while loading: the card shows '...' (SPEC §2). */
  value?: string;
  hint?: string;
}

export function StatCard({ title, icon: Icon, value, hint }: StatCardProps) {
  return (
    <section className="card stat-card" aria-label={title}>
      <div className="stat-card-head">
        <h2 className="stat-card-title">{title}</h2>
        <Icon width={16} height={16} aria-hidden="true" className="stat-card-icon" />
      </div>
      <p className="stat-card-value" aria-busy={value === undefined || undefined}>
        {value ?? '...'}
      </p>
      {hint ? <p className="stat-card-hint">{hint}</p> : null}
    </section>
  );
}
