import type { RunStatus, StepRunStatus } from '../../../domain/index.ts';
import './runs.css';
import { StatusBadge } from '../data/status-badge.tsx';
import { runStatusLook, stepRunStatusLook, VARIANT_TONES, type StatusLook } from './status-variants.ts';

/** The status as icon + label (the label carries the meaning; colour and icon only repeat it). */
function LookBadge({ look }: { look: StatusLook }) {
  const Icon = look.icon;
  return (
    <StatusBadge tone={VARIANT_TONES[look.variant]}>
      <Icon
        width={13}
        height={13}
        aria-hidden="true"
        className={look.spinning ? 'status-icon spinner' : 'status-icon'}
      />
      {look.label}
    </StatusBadge>
  );
}

export const RunStatusBadge = ({ status }: { status: RunStatus }) => <LookBadge look={runStatusLook(status)} />;

export const StepStatusBadge = ({ status }: { status: StepRunStatus }) => <LookBadge look={stepRunStatusLook(status)} />;

/** The bare icon, for the timeline: its accessible name is the status, since no text sits beside it. */
export function StepStatusIcon({ status }: { status: StepRunStatus }) {
  const look = stepRunStatusLook(status);
  const Icon = look.icon;
  return (
    <span className={`step-status-icon step-status-${look.variant}`} role="img" aria-label={look.label} title={look.label}>
      <Icon width={18} height={18} aria-hidden="true" className={look.spinning ? 'spinner' : undefined} />
    </span>
  );
}
