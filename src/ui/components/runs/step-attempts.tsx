/**
 * The attempts of a step with 'Retry on failure' (issue 15): each one's outcome, duration and error, in
 * order, as the executions timeline and the editor's run panel show them under the step.
 */
import type { StepRunRecord } from '../../../api/executions-api.ts';
import { formatDuration } from '../../format/duration.ts';
import { StepStatusBadge } from './status-badge.tsx';
import './runs.css';

type Attempts = NonNullable<StepRunRecord['attempts']>;

export function StepAttempts({ attempts }: { attempts: Attempts }) {
  return (
    <section className="step-attempts" aria-label="Attempts">
      <p className="step-attempts-title">
        {attempts.length === 1 ? '1 attempt' : `${attempts.length} attempts`}
      </p>
      <ol className="step-attempts-list">
        {attempts.map((attempt, index) => (
          <li key={index} className="step-attempt">
            <span className="step-attempt-head">
              <span className="step-attempt-name">Attempt {index + 1}</span>
              <StepStatusBadge status={attempt.status} />
              <span className="step-attempt-duration">{formatDuration(attempt.duration)}</span>
            </span>
            {attempt.error ? <pre className="step-attempt-error">{attempt.error}</pre> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
