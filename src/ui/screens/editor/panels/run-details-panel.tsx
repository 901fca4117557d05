/**
 * The run-details panel (SPEC §4 left panel 'run-details'): one run — its status, start and duration — and
 * its steps in run order at the chosen loop iterations (run-overlay.ts), each loop with an iteration
 * picker above its body. The selected step (shared with the canvas) opens below its row: its status,
 * error, input and output as JSON (the viewer of the /executions/{id} screen).
 *
 * Selection and iterations belong to the editor (the canvas colours its nodes from the same choice), so
 * this panel only reports clicks: onSelectStep, onIterationChange.
 */
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { isNotFound, type RunDetail, type StepRunRecord } from '../../../../api/executions-api.ts';
import { formatDuration } from '../../../format/index.ts';
import { TableError } from '../../../components/data/table-error.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { recordsNothing, StepRunDetails } from '../../../components/runs/step-run-details.tsx';
import { StepStatusBadge, StepStatusIcon } from '../../../components/runs/status-badge.tsx';
import { IterationPicker } from './iteration-picker.tsx';
import { PanelFrame, PanelSkeleton } from './panel-frame.tsx';
import { runRowsAt, shownIterationOf, type RunRow } from './run-overlay.ts';
import { RunFacts } from '../../../components/runs/run-facts.tsx';
import { flowRunsKey, liveRunQuery } from './runs-query.ts';
import { RetryActions, RunLinkFacts } from '../../../components/runs/run-retry.tsx';

export interface RunDetailsPanelProps {
  runId: string;
  selectedStep: string | null;
  iterations: Record<string, number>;
  onIterationChange(loopStep: string, index: number): void;
  onSelectStep(stepName: string): void;
  /** Opens another run in this panel (a retry just started, or a linked run). */
  onOpenRun(runId: string): void;
  onBack(): void;
  onClose(): void;
}

export function RunDetailsPanel({ runId, onBack, onClose, ...view }: RunDetailsPanelProps) {
  // The editor's run overlay (use-run-overlay.ts) polls this run while it runs; the panel reads the same entry.
  const run = useQuery({ ...liveRunQuery(runId), refetchInterval: false });

  let body;
  if (run.isPending) body = <PanelSkeleton label="Loading run" rows={5} />;
  else if (run.isError && isNotFound(run.error)) {
    body = (
      <EmptyState icon={SearchX} title="Run not found">
        It may have been deleted.
      </EmptyState>
    );
  } else if (run.isError) {
    body = <TableError title="Could not load this run" error={run.error} onRetry={() => void run.refetch()} retrying={run.isFetching} />;
  } else body = <RunView run={run.data} {...view} />;

  const back = (
    <button type="button" className="icon-button editor-panel-back" aria-label="Back to runs" title="Back to runs" onClick={onBack}>
      <ArrowLeft width={16} height={16} aria-hidden="true" />
    </button>
  );
  return (
    <PanelFrame label="Run details" title="Run details" onClose={onClose} leading={back}>
      {body}
    </PanelFrame>
  );
}

type RunViewProps = Pick<RunDetailsPanelProps, 'selectedStep' | 'iterations' | 'onIterationChange' | 'onSelectStep' | 'onOpenRun'> & { run: RunDetail };

function RunView({ run, selectedStep, iterations, onIterationChange, onSelectStep, onOpenRun }: RunViewProps) {
  const client = useQueryClient();
  const rows = useMemo(() => runRowsAt(run, iterations), [run, iterations]);
  const hasLoops = rows.some((row) => row.depth > 0);
  const selectedRan = selectedStep !== null && rows.some((row) => row.record.stepName === selectedStep);

  return (
    <>
      <RunFacts run={run} className="panel-facts">
        <RunLinkFacts
          run={run}
          renderLink={(id, children) => (
            <button type="button" className="run-link-button" onClick={() => onOpenRun(id)}>
              {children}
            </button>
          )}
        />
      </RunFacts>
      <RetryActions
        run={run}
        compact
        onStarted={(started) => {
          void client.invalidateQueries({ queryKey: flowRunsKey(run.flowId) });
          onOpenRun(started.id);
        }}
      />
      <h3 className="panel-section-title" id={`run-steps-${run.id}`}>
        Steps
      </h3>
      {rows.length === 0 ? (
        <p className="panel-note" role="status">
          {run.status !== 'RUNNING' ? 'No steps ran.' : run.queued ? 'Waiting for a free worker…' : 'Starting…'}
        </p>
      ) : null}
      {rows.length > 0 && selectedStep === null ? <p className="panel-note">Select a step to see its input and output.</p> : null}
      {selectedStep !== null && !selectedRan ? (
        <p className="panel-note" role="status">
          <code className="step-key">{selectedStep}</code> did not run{hasLoops ? ' in the iterations shown' : ''}.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ol className="panel-steps" aria-labelledby={`run-steps-${run.id}`}>
          {rows.map((row) => (
            <StepRow
              key={`${row.loops.join('/')}/${row.record.stepName}`}
              row={row}
              selected={row.record.stepName === selectedStep}
              iterations={iterations}
              onSelect={() => onSelectStep(row.record.stepName)}
              onIterationChange={onIterationChange}
            />
          ))}
        </ol>
      ) : null}
    </>
  );
}

interface StepRowProps {
  row: RunRow;
  selected: boolean;
  iterations: Record<string, number>;
  onSelect(): void;
  onIterationChange(loopStep: string, index: number): void;
}

function StepRow({ row, selected, iterations, onSelect, onIterationChange }: StepRowProps) {
  const { record, depth } = row;
  const itemRef = useRef<HTMLLIElement>(null);
  // A step picked on the canvas scrolls into view here.
  useEffect(() => {
    if (selected) itemRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const iterationCount = record.iterations?.length ?? 0;
  const shown = shownIterationOf(record, iterations);

  return (
    <li ref={itemRef} className={selected ? 'panel-step panel-step-selected' : 'panel-step'} style={{ '--depth': depth } as CSSProperties}>
      <button type="button" className="panel-step-button" aria-current={selected ? 'true' : undefined} onClick={onSelect}>
        <StepStatusIcon status={record.status} />
        <span className="panel-step-name">{record.displayName}</span>
        <span className="panel-step-duration">{record.duration === null || record.duration === undefined ? null : formatDuration(record.duration)}</span>
      </button>
      {iterationCount > 0 ? (
        <IterationPicker loopName={record.displayName} index={shown} count={iterationCount} onChange={(index) => onIterationChange(record.stepName, index)} />
      ) : null}
      {selected ? <StepDetails key={`${record.stepName}@${row.loops.map((loop) => iterations[loop] ?? 0).join('.')}`} record={record} /> : null}
    </li>
  );
}

function StepDetails({ record }: { record: StepRunRecord }) {
  return (
    <section className="panel-step-details" aria-label={`${record.displayName} details`}>
      <div className="panel-step-details-head">
        <StepStatusBadge status={record.status} />
        <code className="step-key">{record.stepName}</code>
      </div>
      <StepRunDetails step={record} />
      {recordsNothing(record) ? <p className="panel-note">No input or output recorded.</p> : null}
    </section>
  );
}
