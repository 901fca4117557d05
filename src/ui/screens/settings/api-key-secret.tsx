import { useId } from 'react';
import { CopyButton } from '../../components/runs/copy-button.tsx';
import { curlExample } from './api-key-form.ts';

interface CopyableProps {
  label: string;
  value: string;
  copyLabel: string;
  /** Long text (a command) wraps in a textarea; a key stays on one line. */
  multiline?: boolean;
}

/** A read-only value selected whole on focus, with a Copy button beside it. */
function Copyable({ label, value, copyLabel, multiline = false }: CopyableProps) {
  const id = useId();
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="api-key-copyable">
        {multiline ? (
          <textarea id={id} className="input api-key-value api-key-command" value={value} readOnly rows={4} spellCheck={false} onFocus={select} />
        ) : (
          <input id={id} className="input api-key-value" value={value} readOnly spellCheck={false} autoComplete="off" onFocus={select} />
        )}
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  );
}

/** The one time a key's secret is shown: copy it now, it is stored only as a digest. */
export function ApiKeySecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="dialog-form">
      <p className="api-key-once" role="status">
        Copy this key now and keep it somewhere safe. It will not be shown again: Flowsmith keeps only a fingerprint of it.
      </p>
      <Copyable label="Your new API key" value={secret} copyLabel="Copy API key" />
      <Copyable label="Try it" value={curlExample(window.location.origin, secret)} copyLabel="Copy command" multiline />
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
