/**
 * The code field: a CodeMirror 6 editor (settings/code/), loaded only when a code step's settings open —
 * a dynamic import, so neither the login page nor the editor's first chunk carries CodeMirror. While it
 * loads, the code shows as the field it will become, read-only.
 *
 * Its text is the field's own mirrored state (use-field-text.ts), so edits go through the same draft and
 * autosave path as every field (one undo group per burst of typing), and an undo of the flow comes back
 * into the editor. Keyboard: Tab indents; Escape, then Tab, moves focus on (the first Escape does not
 * close the panel, a second one does); Shift+Tab moves focus back.
 */
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useStepEdit } from './edit-context.ts';
import { useFieldText } from './use-field-text.ts';
import './code/code-editor.css';

const CodeMirrorField = lazy(() => import('./code/code-mirror-field.tsx'));

export const CODE_EDITOR_HELP = 'Tab indents. Press Escape, then Tab, to move on. Ctrl/Cmd+F searches the code, Ctrl+Space suggests.';

interface CodeEditorProps {
  value: string;
  onValue: (code: string) => void;
  /** The step's declared input names, offered after `inputs.`. */
  inputNames: readonly string[];
  error?: string | undefined;
  onBlur?: () => void;
}

function Loading({ text, labelId }: { text: string; labelId: string }): ReactNode {
  return (
    <pre className="input settings-textarea settings-mono code-editor-loading" aria-labelledby={labelId} aria-busy="true">
      {text}
      <span className="visually-hidden"> (the code editor is loading)</span>
    </pre>
  );
}

export function CodeEditor({ value, onValue, inputNames, error, onBlur }: CodeEditorProps) {
  const { readOnly, breakGroup } = useStepEdit();
  const id = useId();
  const [text, setText] = useFieldText(value);
  const labelId = `${id}-label`;
  const describedBy = [`${id}-description`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field settings-field settings-code">
      <span id={labelId} className="field-label">
        Code
        <span className="settings-required" aria-hidden="true">
          *
        </span>
      </span>
      <Suspense fallback={<Loading text={text} labelId={labelId} />}>
        <CodeMirrorField
          text={text}
          onText={(next) => {
            setText(next);
            onValue(next);
          }}
          readOnly={readOnly}
          inputNames={inputNames}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          required
          problemsId={`${id}-problems`}
          onBlur={() => {
            breakGroup();
            onBlur?.();
          }}
        />
      </Suspense>
      <p id={`${id}-description`} className="settings-help">
        {CODE_EDITOR_HELP}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
