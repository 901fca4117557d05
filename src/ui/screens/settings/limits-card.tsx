import type { EngineLimits } from '../../../domain/contract/system.ts';
import { limitRows } from './engine-limits.ts';

interface LimitsCardProps {
  limits: EngineLimits;
  title: string;
  description: string;
  /** Name the configuration variable beside each limit (for whoever runs the server). */
  showSettings?: boolean;
}

/** The engine's limits as a list of terms and values (System, Billing). */
export function LimitsCard({ limits, title, description, showSettings = false }: LimitsCardProps) {
  const id = `limits-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        <h2 id={id} className="card-title">
          {title}
        </h2>
        <p className="card-description">{description}</p>
      </div>
      <dl className="limits-list">
        {limitRows(limits).map((row) => (
          <div key={row.id} className="limits-row">
            <dt>
              {row.label}
              {showSettings ? <code className="limits-setting">{row.setting}</code> : null}
            </dt>
            <dd className="tabular">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
