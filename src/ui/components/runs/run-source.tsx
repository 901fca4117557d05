/**
 * How a run started (issue 17), as a word with an icon: the executions list's Source column and filter,
 * and a run's details. The word carries the meaning; the icon repeats it.
 */
import { CalendarClock, MousePointerClick, RotateCcw, Webhook, type LucideIcon } from 'lucide-react';
import type { RunSource } from '../../../api/executions-api.ts';
import './runs.css';

export const RUN_SOURCE_LABEL: Record<RunSource, string> = {
  manual: 'Manual',
  schedule: 'Schedule',
  webhook: 'Webhook',
  retry: 'Retry',
};

const RUN_SOURCE_ICON: Record<RunSource, LucideIcon> = {
  manual: MousePointerClick,
  schedule: CalendarClock,
  webhook: Webhook,
  retry: RotateCcw,
};

/** Runs stored by a server that did not say how they started read as manual, as the server's own default. */
export function RunSourceLabel({ source = 'manual' }: { source?: RunSource | undefined }) {
  const Icon = RUN_SOURCE_ICON[source];
  return (
    <span className="run-source">
      <Icon width={14} height={14} aria-hidden="true" />
      {RUN_SOURCE_LABEL[source]}
    </span>
  );
}
