/**
 * A run's steps in order, each with its status icon, names, duration, error and its input and output.
 * A loop step holds one list of steps per iteration; an iteration picker shows one at a time (a loop over
 * 10,000 items must not draw 10,000 sub-timelines), and the picked iteration is itself a timeline.
 */
import { useState } from 'react';
import { ChevronLeft, ChevronRight, CircleAlert } from 'lucide-react';
import type { StepRunRecord } from '../../../api/executions-api.ts';
import { formatDuration } from '../../format/index.ts';
import { StepStatusIcon } from '../../components/runs/status-badge.tsx';
import { JsonViewer } from '../../components/runs/json-viewer.tsx';
import { ConsoleLines } from '../../components/runs/console-lines.tsx';
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

/**
 * The server records a missing input or output as null, and a box reading 'null' says nothing, so it is
 * left out — except the output of a step that succeeded, which really returned null.
 */
const hasInput = (step: StepRunRecord) => step.input !== undefined && step.input !== null;
const hasOutput = (step: StepRunRecord) => step.output !== undefined && (step.output !== null || step.status === 'SUCCEEDED');

function StepItem({ step }: { step: StepRunRecord }) {
  return (
    <li className="step-item">
      <StepStatusIcon status={step.status} />
      <div className="step-main">
        <div className="step-head">
          <h3 className="step-title">{step.displayName}</h3>
          <code className="step-key">{step.stepName}</code>
          <span className="step-duration">{step.duration === null || step.duration === undefined ? null : formatDuration(step.duration)}</span>
        </div>
        {step.error ? (
          <div className="alert alert-error step-error">
            <CircleAlert className="alert-icon" width={16} height={16} aria-hidden="true" />
            <div className="alert-body">
              <p className="alert-title">Error</p>
              <pre className="step-error-text">{step.error}</pre>
            </div>
          </div>
        ) : null}
        {hasInput(step) ? <JsonViewer label="Input" value={step.input} /> : null}
        {hasOutput(step) ? <JsonViewer label="Output" value={step.output} /> : null}
        {step.logs && step.logs.length > 0 ? <ConsoleLines lines={step.logs} /> : null}
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
