/**
 * What one step of a run recorded — its error, its input and output as JSON, its console lines — as the
 * execution timeline (/executions/{id}) and the editor's run panel both show it.
 */
import { CircleAlert } from 'lucide-react';
import type { StepRunRecord } from '../../../api/executions-api.ts';
import { JsonViewer } from './json-viewer.tsx';
import { ConsoleLines } from './console-lines.tsx';
import { StepAttempts } from './step-attempts.tsx';

/**
 * The server records a missing input or output as null, and a box reading 'null' says nothing, so it is
 * left out — except the output of a step that succeeded, which really returned null.
 */
const hasInput = (step: StepRunRecord) => step.input !== undefined && step.input !== null;
const hasOutput = (step: StepRunRecord) => step.output !== undefined && (step.output !== null || step.status === 'SUCCEEDED');

/** True when the step left no error, input or output to show. */
export const recordsNothing = (step: StepRunRecord) => !step.error && !hasInput(step) && !hasOutput(step);

export function StepRunDetails({ step }: { step: StepRunRecord }) {
  return (
    <>
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
      {step.attempts && step.attempts.length > 0 ? <StepAttempts attempts={step.attempts} /> : null}
    </>
  );
}
