import { useId } from 'react';
import './controls.css';

interface ToggleSwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. 'Enable Send invoices'. */
  label: string;
  disabled?: boolean;
  /** Text beside the switch ('Enabled' / 'Disabled'); hidden on narrow screens. */
  stateText?: string;
  /** Why the switch is disabled: shown on hover and read with the switch (aria-describedby). */
  disabledReason?: string;
}

/** An on/off switch: a native button with role="switch", so Space and Enter work and the state is read out. */
export function ToggleSwitch({ checked, onCheckedChange, label, disabled = false, stateText, disabledReason }: ToggleSwitchProps) {
  const reasonId = useId();
  const reason = disabled ? disabledReason : undefined;
  return (
    // The title sits on the wrapper: a disabled button gets no pointer events, so no tooltip of its own.
    <span className="switch-field" title={reason}>
      <button
        aria-describedby={reason ? reasonId : undefined}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        className="switch"
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
      {reason ? (
        <span id={reasonId} className="visually-hidden">
          {reason}
        </span>
      ) : null}
      {stateText ? (
        <span className="switch-text" aria-hidden="true">
          {stateText}
        </span>
      ) : null}
    </span>
  );
}
