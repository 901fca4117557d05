import './controls.css';

interface ToggleSwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. 'Enable Send invoices'. */
  label: string;
  disabled?: boolean;
  /** Text beside the switch ('Enabled' / 'Disabled'); hidden on narrow screens. */
  stateText?: string;
}

/** An on/off switch: a native button with role="switch", so Space and Enter work and the state is read out. */
export function ToggleSwitch({ checked, onCheckedChange, label, disabled = false, stateText }: ToggleSwitchProps) {
  return (
    <span className="switch-field">
      <button
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
      {stateText ? (
        <span className="switch-text" aria-hidden="true">
          {stateText}
        </span>
      ) : null}
    </span>
  );
}
