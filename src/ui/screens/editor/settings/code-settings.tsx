/** A CODE step: its source (settings.sourceCode.code) and named inputs (settings.input). */
import { useMemo, useState } from 'react';
import type { FlatCodeStep } from '../../../../domain/index.ts';
import { useTypedUpdate } from './edit-context.ts';
import { CodeEditor } from './code-editor.tsx';
import { KeyValueEditor } from './key-value-editor.tsx';

export function CodeSettings({ step }: { step: FlatCodeStep }) {
  const update = useTypedUpdate<FlatCodeStep>();
  const [touched, setTouched] = useState(false);
  const code = step.settings.sourceCode?.code ?? '';
  const inputNames = useMemo(() => Object.keys(step.settings.input), [step.settings.input]);
  return (
    <>
      <CodeEditor
        value={code}
        inputNames={inputNames}
        error={touched && code.trim() === '' ? 'Required' : undefined}
        onBlur={() => setTouched(true)}
        onValue={(next) =>
          update(
            (s) => ({ ...s, settings: { ...s.settings, sourceCode: { packageJson: '{}', ...s.settings.sourceCode, code: next } } }),
            'settings.sourceCode.code',
          )
        }
      />
      <KeyValueEditor
        label="Inputs"
        addLabel="Add input"
        value={step.settings.input}
        onValue={(input) => update((s) => ({ ...s, settings: { ...s.settings, input } }), 'settings.input')}
      />
    </>
  );
}
