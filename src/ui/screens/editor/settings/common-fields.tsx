/** Fields every step shares: its display name, 'Skip this step', and 'Continue on failure' (PIECE, CODE). */
import type { FlatCodeStep, FlatPieceStep, FlatStep } from '../../../../domain/index.ts';
import { ToggleSwitch } from '../../../components/data/toggle-switch.tsx';
import { useStepEdit, type EditableSubject } from './edit-context.ts';
import { CheckboxControl, TextControl } from './fields.tsx';
import { continuesOnFailure, withContinueOnFailure } from './step-request.ts';

export function DisplayNameField({ subject }: { subject: EditableSubject }) {
  const { update } = useStepEdit();
  return (
    <TextControl
      label="Display name"
      value={subject.displayName}
      onValue={(displayName) => update((current) => ({ ...current, displayName }), 'displayName')}
    />
  );
}

export function SkipToggle({ step }: { step: FlatStep }) {
  const { readOnly, send } = useStepEdit();
  const skipped = step.skip === true;
  return (
    <div className="settings-switch-row">
      <div>
        <span className="settings-switch-label" aria-hidden="true">
          Skip this step
        </span>
        <p className="settings-help">A skipped step does not run; the flow goes on with the next one.</p>
      </div>
      <ToggleSwitch
        label="Skip this step"
        checked={skipped}
        disabled={readOnly}
        onCheckedChange={(skip) => send({ type: 'SET_SKIP_ACTION', request: { names: [step.name], skip } })}
      />
    </div>
  );
}

export function ContinueOnFailureField({ step }: { step: FlatCodeStep | FlatPieceStep }) {
  const { update } = useStepEdit();
  return (
    <CheckboxControl
      label="Continue on failure"
      description="When this step fails, the run goes on with the next step."
      checked={continuesOnFailure(step.settings)}
      onChecked={(value) =>
        update((current) => {
          const s = current as FlatCodeStep | FlatPieceStep;
          return { ...s, settings: withContinueOnFailure(s.settings, value) } as FlatStep;
        }, null)
      }
    />
  );
}
