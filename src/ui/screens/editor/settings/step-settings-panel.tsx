/**
 * The right panel "piece-settings" (SPEC §4): edits the selected step or the trigger. The version is a
 * read-only mirror; every change is sent to the editor core as one operation (UPDATE_ACTION or
 * UPDATE_TRIGGER with the complete step and its validity, or SET_SKIP_ACTION / branch operations) and
 * comes back as a new version. Per-type editors live in their own files; fields share fields.tsx, and
 * the fields that take {{references}} offer the data picker (data-picker/), which reads the version too.
 */
import { Fragment, memo, useMemo, useRef, type JSX, type KeyboardEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { findStep, type FlatStep, type FlatTrigger, type FlatVersion, type FlowOperationInput } from '../../../../domain/index.ts';
import { StepEditContext, type EditableSubject, type StepEditContextValue } from './edit-context.ts';
import { useStepDraft } from './use-step-draft.ts';
import { stepIcon } from './step-icon.tsx';
import { ContinueOnFailureField, DisplayNameField, SkipToggle } from './common-fields.tsx';
import { RetryOnFailureField } from './retry-field.tsx';
import { CodeSettings } from './code-settings.tsx';
import { PieceSettings } from './piece-settings.tsx';
import { LoopSettings } from './loop-settings.tsx';
import { RouterSettings } from './router-settings.tsx';
import { TriggerSettings } from './trigger-settings.tsx';
import { DataPickerContext, type DataPickerSource } from './data-picker/data-picker-context.ts';
import './settings.css';

export interface StepSettingsPanelProps {
  version: FlatVersion;
  stepName: string;
  readOnly: boolean;
  /** Why nothing can be edited, shown above the fields when read-only ('This version is read-only.' by default). */
  readOnlyNote?: string;
  apply: (operation: FlowOperationInput, options?: { groupKey?: string | null }) => Promise<unknown>;
  breakGroup: () => void;
  onClose: () => void;
  /** Buttons the editor puts in the header (duplicate, delete…). */
  actions?: ReactNode;
  /** Sections under the fields that read server data (Test step, sample data): see step-tools.tsx. */
  footer?: ReactNode;
}

const subjectOf = (version: FlatVersion, stepName: string) => findStep(version, stepName) as EditableSubject | undefined;

const TYPE_LABELS: Record<EditableSubject['type'], string> = {
  CODE: 'Code',
  PIECE: 'Piece',
  LOOP_ON_ITEMS: 'Loop on Items',
  ROUTER: 'Router',
  EMPTY: 'Trigger',
  PIECE_TRIGGER: 'Trigger',
};

export function StepSettingsPanel(props: StepSettingsPanelProps): JSX.Element {
  const subject = subjectOf(props.version, props.stepName);
  const version = useRef(props.version);
  version.current = props.version;
  const { flowId } = props.version;
  const dataSource = useMemo<DataPickerSource>(() => ({ flowId, stepName: props.stepName, version: () => version.current }), [flowId, props.stepName]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    event.preventDefault();
    // The canvas listens for Escape too; one press does one thing.
    event.stopPropagation();
    props.onClose();
  };

  const Icon = stepIcon(subject ?? { type: 'EMPTY' });
  return (
    <aside className="step-settings" aria-label="Step settings" onKeyDown={onKeyDown}>
      <header className="step-settings-header">
        <span className={`step-settings-icon${subject && !subject.valid ? ' step-settings-icon-invalid' : ''}`} aria-hidden="true">
          <Icon width={16} height={16} />
        </span>
        <div className="step-settings-title">
          <h2 className="step-settings-name">{subject?.displayName ?? 'Step not found'}</h2>
          <p className="step-settings-meta">
            <span>{props.stepName}</span>
            {subject ? <span> · {TYPE_LABELS[subject.type]}</span> : null}
            {subject && !subject.valid ? <span className="step-settings-incomplete"> · Incomplete</span> : null}
          </p>
        </div>
        {props.actions}
        <button type="button" className="icon-button" aria-label="Close settings" title="Close settings" onClick={props.onClose}>
          <X width={16} height={16} aria-hidden="true" />
        </button>
      </header>
      {subject ? (
        <div className="step-settings-body">
          <DataPickerContext.Provider value={dataSource}>
            <SettingsBody
              key={props.stepName}
              subject={subject}
              stepName={props.stepName}
              readOnly={props.readOnly}
              readOnlyNote={props.readOnlyNote ?? 'This version is read-only.'}
              apply={props.apply}
              breakGroup={props.breakGroup}
            />
          </DataPickerContext.Provider>
          {props.footer}
        </div>
      ) : (
        <p className="step-settings-body settings-help">This step no longer exists.</p>
      )}
    </aside>
  );
}

type SettingsBodyProps = Pick<StepSettingsPanelProps, 'stepName' | 'readOnly' | 'apply' | 'breakGroup'> & { subject: EditableSubject; readOnlyNote: string };

/**
 * Memoised on the step object: an edit elsewhere in the flow gives a new version but keeps this step's
 * object (structural sharing), so the fields do not re-render for it.
 */
const SettingsBody = memo(function SettingsBody({ subject, readOnly, readOnlyNote, apply, breakGroup, stepName }: SettingsBodyProps) {
  const { update, send, error, epoch, dismissError } = useStepDraft(subject, apply);
  const context = useMemo<StepEditContextValue>(
    () => ({
      readOnly,
      stepName,
      breakGroup,
      // Read-only: the controls are disabled, and nothing is sent even if an event slips through.
      update: (change, fieldPath) => {
        if (!readOnly) update(change, fieldPath === null ? null : `update:${stepName}:${fieldPath}`);
      },
      send: (operation) => {
        if (!readOnly) send(operation);
      },
    }),
    [readOnly, stepName, breakGroup, update, send],
  );
  return (
    <StepEditContext.Provider value={context}>
      {error ? (
        <div className="alert alert-error settings-error" role="alert">
          <span className="alert-text">Could not apply the change: {error}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={dismissError}>
            Dismiss
          </button>
        </div>
      ) : null}
      {readOnly ? <p className="settings-note">{readOnlyNote}</p> : null}
      <Fragment key={epoch}>
        <DisplayNameField subject={subject} />
        {subject.name === 'trigger' ? <TriggerSettings trigger={subject as FlatTrigger} /> : <StepFields step={subject as FlatStep} />}
      </Fragment>
    </StepEditContext.Provider>
  );
});

function StepFields({ step }: { step: FlatStep }) {
  return (
    <>
      {step.type === 'CODE' ? <CodeSettings step={step} /> : null}
      {step.type === 'PIECE' ? <PieceSettings step={step} /> : null}
      {step.type === 'LOOP_ON_ITEMS' ? <LoopSettings step={step} /> : null}
      {step.type === 'ROUTER' ? <RouterSettings step={step} /> : null}
      <div className="settings-options">
        {step.type === 'CODE' || step.type === 'PIECE' ? <ContinueOnFailureField step={step} /> : null}
        {step.type === 'CODE' || step.type === 'PIECE' ? <RetryOnFailureField step={step} /> : null}
        <SkipToggle step={step} />
      </div>
    </>
  );
}
