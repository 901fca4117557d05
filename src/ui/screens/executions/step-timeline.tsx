/**
 * A run's steps in order, each with its status icon, names, duration, error and its input and output.
 * A loop step holds one list of steps per iteration; an iteration picker shows one at a time (a loop over
 * 10,000 items must not draw 10,000 sub-timelines), and the picked iteration is itself a timeline.
 */
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { StepRunRecord } from '../../../api/executions-api.ts';
import { formatDuration } from '../../format/index.ts';
import { StepStatusIcon } from '../../components/runs/status-badge.tsx';
import { StepRunDetails } from '../../components/runs/step-run-details.tsx';
import { defaultIterationIndex } from './step-tree.ts';

export function StepTimeline({ steps, label }: { steps: readonly StepRunRecord[]; label: string }) {
  if (steps.length === 0) return <p className="step-timeline-empty">No steps ran.</p>;
  return (
    <ol className="step-timeline" aria-label={label}>
      {steps.map((step) => (
        <StepItem key={step.stepName} step={step} />
      ))}
    </ol>
  );
}

function StepItem({ step }: { step: StepRunRecord }) {
  return (
    <li className="step-item">
      <StepStatusIcon status={step.status} />
      <div className="step-main">
        <div className="step-head">
          <h3 className="step-title">{step.displayName}</h3>
          <code className="step-key">{step.stepName}</code>
          {/* A step going on says so in words beside its spinner (issue 17: live per-step progress). */}
          <span className="step-duration">
            {step.status === 'RUNNING' ? 'Running…' : step.duration === null || step.duration === undefined ? null : formatDuration(step.duration)}
          </span>
        </div>
        <StepRunDetails step={step} />
        {step.iterations && step.iterations.length > 0 ? <LoopIterations step={step} iterations={step.iterations} /> : null}
      </div>
    </li>
  );
}

function LoopIterations({ step, iterations }: { step: StepRunRecord; iterations: StepRunRecord[][] }) {
  const [index, setIndex] = useState(() => defaultIterationIndex(step));
  const count = iterations.length;
  const current = Math.min(index, count - 1);
  return (
    <section className="loop-iterations" aria-label={`Iterations of ${step.displayName}`}>
      <div className="iteration-picker">
        <button
          type="button"
          className="icon-button icon-button-sm"
          aria-label="Previous iteration"
          disabled={current === 0}
          onClick={() => setIndex(current - 1)}
        >
          <ChevronLeft width={16} height={16} aria-hidden="true" />
        </button>
        <span className="iteration-label" aria-live="polite">
          Iteration {current + 1} of {count}
        </span>
        <button
          type="button"
          className="icon-button icon-button-sm"
          aria-label="Next iteration"
          disabled={current >= count - 1}
          onClick={() => setIndex(current + 1)}
        >
          <ChevronRight width={16} height={16} aria-hidden="true" />
        </button>
      </div>
      <StepTimeline steps={iterations[current] ?? []} label={`Steps of iteration ${current + 1}`} />
    </section>
  );
}
