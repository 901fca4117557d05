/**
 * The code field's CodeMirror view, as a React component (the default export, loaded lazily by
 * code-editor.tsx, so CodeMirror is a chunk of its own). The text is owned by the caller's mirrored state
 * (use-field-text.ts): typing is sent up as it happens, and a value that changes from outside (undo of the
 * flow, another control) replaces the document without entering the editor's own history.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Annotation, Compartment, EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { codeExtensions } from './code-extensions.ts';
import type { SyntaxProblem } from './code-lint.ts';

export interface CodeMirrorFieldProps {
  /** The text to show (the caller's mirrored state). */
  text: string;
  onText: (text: string) => void;
  readOnly: boolean;
  inputNames: readonly string[];
  labelId: string;
  /** Ids of the description and error under the field. */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  onBlur: () => void;
  /** Where the field tells a problem's id (its words under the editor), for aria-describedby. */
  problemsId: string;
}

const fromOutside = Annotation.define<boolean>();

function contentAttributes(props: CodeMirrorFieldProps, hasProblems: boolean) {
  const describedBy = [props.describedBy, hasProblems ? props.problemsId : undefined].filter(Boolean).join(' ');
  return EditorView.contentAttributes.of({
    'aria-labelledby': props.labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(props.invalid || hasProblems ? { 'aria-invalid': 'true' } : {}),
    ...(props.required ? { 'aria-required': 'true' } : {}),
  });
}

export default function CodeMirrorField(props: CodeMirrorFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [problems, setProblems] = useState<readonly SyntaxProblem[]>([]);
  const [compartments] = useState(() => ({ readOnly: new Compartment(), aria: new Compartment() }));

  useLayoutEffect(() => {
    const initial = latest.current;
    const editor = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: initial.text,
        extensions: [
          codeExtensions({ inputNames: () => latest.current.inputNames, onProblems: setProblems }),
          compartments.readOnly.of(EditorState.readOnly.of(initial.readOnly)),
          compartments.aria.of(contentAttributes(initial, false)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromOutside))) return;
            latest.current.onText(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            blur() {
              latest.current.onBlur();
              return false;
            },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      view.current = null;
      editor.destroy();
    };
  }, [compartments]);

  // A value from outside (undo, redo, another control) replaces the document; the caret stays put.
  useLayoutEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === props.text) return;
    const head = Math.min(editor.state.selection.main.head, props.text.length);
    editor.dispatch({
      changes: { from: 0, to: current.length, insert: props.text },
      selection: { anchor: head },
      annotations: [fromOutside.of(true), Transaction.addToHistory.of(false)],
    });
  }, [props.text]);

  const hasProblems = problems.length > 0;
  useEffect(() => {
    view.current?.dispatch({
      effects: [
        compartments.readOnly.reconfigure(EditorState.readOnly.of(props.readOnly)),
        compartments.aria.reconfigure(contentAttributes(latest.current, hasProblems)),
      ],
    });
  }, [compartments, props.readOnly, props.invalid, props.required, props.describedBy, hasProblems]);

  const [first] = problems;
  return (
    <>
      <div ref={host} className="code-editor-host" data-testid="code-editor" />
      {first ? (
        <p id={props.problemsId} className="field-error code-editor-problem">
          Syntax error on line {first.line}: {first.message}
          {problems.length > 1 ? ` (${problems.length - 1} more marked in the code)` : ''}
        </p>
      ) : null}
    </>
  );
}
