/**
 * How a run or a step run shows its status: an icon variant, an icon and a label.
 *
 * Runs follow SPEC §4 word for word (the domain's `runStatusVariant`): STOPPED and SUCCEEDED are success,
 * PAUSED and RUNNING neutral, every other end state an error. Step runs have statuses the SPEC's sentence
 * does not name; they follow the same reading — SUCCEEDED success, the ends that did not complete (FAILED,
 * CANCELLED) error — while PENDING (not started, so not an end state) and SKIPPED (the user's own
 * "skip" setting, SPEC §4, not a failure) are neutral, so a skipped step never paints a good run red.
 */
import { CircleCheck, CircleDashed, CircleMinus, CirclePause, CircleX, LoaderCircle, type LucideIcon } from 'lucide-react';
import { runStatusVariant, type RunStatus, type RunStatusVariant, type StepRunStatus } from '../../../domain/index.ts';
import type { BadgeTone } from '../data/status-badge.tsx';

export type StatusVariant = RunStatusVariant;

export interface StatusLook {
  variant: StatusVariant;
  icon: LucideIcon;
  label: string;
  /** The icon turns: something is happening right now. */
  spinning: boolean;
}

const RUN_LABELS: Record<RunStatus, string> = {
  FAILED: 'Failed',
  QUOTA_EXCEEDED: 'Quota exceeded',
  INTERNAL_ERROR: 'Internal error',
  PAUSED: 'Paused',
  RUNNING: 'Running',
  STOPPED: 'Stopped',
  SUCCEEDED: 'Succeeded',
  MEMORY_LIMIT_EXCEEDED: 'Memory limit exceeded',
  TIMEOUT: 'Timed out',
};

const STEP_LABELS: Record<StepRunStatus, string> = {
  PENDING: 'Pending',
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  SKIPPED: 'Skipped',
  CANCELLED: 'Cancelled',
};

export function stepRunStatusVariant(status: StepRunStatus): StatusVariant {
  if (status === 'SUCCEEDED') return 'success';
  if (status === 'FAILED' || status === 'CANCELLED') return 'error';
  return 'neutral';
}

/** Success and error have one icon each; neutral states say which kind of wait they are. */
const VARIANT_ICONS: Record<Exclude<StatusVariant, 'neutral'>, LucideIcon> = { success: CircleCheck, error: CircleX };
const NEUTRAL_ICONS: Record<string, LucideIcon> = {
  RUNNING: LoaderCircle,
  PAUSED: CirclePause,
  PENDING: CircleDashed,
  SKIPPED: CircleMinus,
};

function look(variant: StatusVariant, status: string, label: string): StatusLook {
  const icon = variant === 'neutral' ? (NEUTRAL_ICONS[status] ?? CircleDashed) : VARIANT_ICONS[variant];
  return { variant, icon, label, spinning: status === 'RUNNING' };
}

export const runStatusLook = (status: RunStatus): StatusLook => look(runStatusVariant(status), status, RUN_LABELS[status]);

export const stepRunStatusLook = (status: StepRunStatus): StatusLook =>
  look(stepRunStatusVariant(status), status, STEP_LABELS[status]);

export const VARIANT_TONES: Record<StatusVariant, BadgeTone> = { success: 'success', error: 'danger', neutral: 'neutral' };

/** The status filter's choices, in the SPEC §4 order. */
export const RUN_STATUS_OPTIONS = (Object.keys(RUN_LABELS) as RunStatus[]).map((value) => ({ value, label: RUN_LABELS[value] }));
