/**
 * The 'Test step' section at the bottom of a CODE or PIECE step's settings, drawn from data only (the
 * fetching is step-test-section.tsx): the button, and the latest result — a status badge, how long it
 * took and when, the error with its code, the output as JSON, and a code step's console lines.
 *
 * A failed request (the step never ran: not saved, network, 404) is told apart from a step that ran and
 * failed: the first is 'The test did not run' above the previous result, the second is the result.
 */
import { useId } from 'react';
import { CircleAlert, FlaskConical } from 'lucide-react';
import type { StepSample } from '../../../../api/runs-api.ts';
import { formatDuration } from '../../../format/index.ts';
import { RelativeDate } from '../../../components/data/relative-date.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { JsonViewer } from '../../../components/runs/json-viewer.tsx';
import { ConsoleLines } from '../../../components/runs/console-lines.tsx';
import { StepStatusBadge } from '../../../components/runs/status-badge.tsx';

export interface StepTestViewProps {
  stepType: 'CODE' | 'PIECE';
  /** The latest test of this step (just now, or stored from an earlier session); undefined when never tested. */
  sample: StepSample | undefined;
  testing: boolean;
  /** Why the test request itself failed, as a sentence; null when it did not. */
  requestError: string | null;
  onTest(): void;
  /** The instant 'Tested 5s ago' is measured from (tests fix it). */
  now?: Date;
}

export function StepTestView({ stepType, sample, testing, requestError, onTest, now }: StepTestViewProps) {
  const titleId = useId();
  return (
    <section className="step-test" aria-labelledby={titleId} aria-busy={testing || undefined}>
      <div className="step-test-head">
        <h3 id={titleId} className="settings-section-title">
          Test step
        </h3>
        <button type="button" className="btn btn-secondary btn-sm" disabled={testing} onClick={onTest}>
          {testing ? <Spinner size={14} /> : <FlaskConical width={14} height={14} aria-hidden="true" />}
          {testing ? 'Testing…' : 'Test step'}
        </button>
      </div>
      {requestError ? (
        <Alert variant="error" title="The test did not run">
          {requestError}
        </Alert>
      ) : null}
      {sample ? (
        <SampleResult sample={sample} showLogs={stepType === 'CODE'} now={now} />
      ) : testing || requestError ? null : (
        <p className="settings-help">Runs this step on its own, with the sample data of the trigger and of the steps before it.</p>
      )}
    </section>
  );
}

/** A step that succeeded really returned what it returned, null included; a failed one's null says nothing. */
const hasOutput = (sample: StepSample) => sample.output !== undefined && (sample.output !== null || sample.status === 'SUCCEEDED');

function SampleResult({ sample, showLogs, now }: { sample: StepSample; showLogs: boolean; now: Date | undefined }) {
  const failed = sample.status === 'FAILED';
  const logs = sample.logs ?? [];
  return (
    <div className="step-test-result">
      <p className="step-test-meta" role="status">
        <StepStatusBadge status={sample.status} />
        {sample.duration === null || sample.duration === undefined ? null : (
          <span className="tabular" title="Duration">
            <span className="visually-hidden">Duration </span>
            {formatDuration(sample.duration)}
          </span>
        )}
        <span>
          Tested <RelativeDate value={sample.testedAt} variant="ago" now={now} />
        </span>
      </p>
      {failed || sample.error ? (
        <div className="alert alert-error step-error">
          <CircleAlert className="alert-icon" width={16} height={16} aria-hidden="true" />
          <div className="alert-body">
            <p className="alert-title">
              Error{sample.code ? ' ' : null}
              {sample.code ? <code className="step-test-code">{sample.code}</code> : null}
            </p>
            <pre className="step-error-text">{sample.error || 'The step failed without a message.'}</pre>
          </div>
        </div>
      ) : null}
      {hasOutput(sample) ? <JsonViewer label="Output" value={sample.output} /> : null}
      {showLogs && logs.length > 0 ? <ConsoleLines lines={logs} /> : null}
    </div>
  );
}
