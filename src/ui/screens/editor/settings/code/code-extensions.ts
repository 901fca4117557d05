/**
 * What the code field's CodeMirror is made of: JavaScript with highlighting, bracket matching and
 * closing, line numbers, search (Ctrl/Cmd+F opens the editor's own search panel, taking the key from the
 * canvas's find), history, the syntax lint (code-lint.ts) and `inputs.<name>` completion
 * (code-completion.ts). The keyboard stays escapable: Tab indents, Escape then Tab moves focus on,
 * Shift+Tab always moves focus back (Ctrl/Cmd+[ outdents).
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentMore } from '@codemirror/commands';
import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, Prec, type Extension, type StateCommand } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { inputCompletions } from './code-completion.ts';
import { syntaxProblems, type SyntaxProblem } from './code-lint.ts';
import { codeTheme } from './code-theme.ts';

const INDENT = '  ';
/** After a first Escape, Tab moves focus until another key is pressed (CodeMirror's own mode, untimed). */
const LEAVE_WINDOW_MS = 24 * 60 * 60 * 1000;
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/** Tab: two spaces at each caret, or the selected lines indented. */
export const indentOrInsert: StateCommand = ({ state, dispatch }) => {
  if (state.readOnly) return false;
  if (state.selection.ranges.some((range) => !range.empty)) return indentMore({ state, dispatch });
  dispatch(state.update(state.replaceSelection(INDENT), { scrollIntoView: true, userEvent: 'input' }));
  return true;
};

/**
 * The first Escape (one nothing else in the editor wanted: an open completion or search panel takes it
 * first) is kept from the settings panel, which would close, and makes the next Tab move focus; a second
 * Escape is left to the panel, which closes.
 */
function escapeToLeave(): Extension {
  let armed = false;
  return [
    EditorView.domEventObservers({
      keydown(event) {
        if (event.key !== 'Escape' && !MODIFIER_KEYS.has(event.key)) armed = false;
      },
      focus() {
        armed = false;
      },
      blur() {
        armed = false;
      },
    }),
    Prec.lowest(
      keymap.of([
        {
          key: 'Escape',
          run(view) {
            if (armed) {
              armed = false;
              return false;
            }
            armed = true;
            view.setTabFocusMode(LEAVE_WINDOW_MS);
            return true;
          },
        },
      ]),
    ),
  ];
}

export interface CodeExtensionOptions {
  /** The step's declared input names, read when completion runs. */
  inputNames: () => readonly string[];
  /** Told every lint pass's problems (the field lists them in words under the editor). */
  onProblems: (problems: readonly SyntaxProblem[]) => void;
}

function lint(onProblems: CodeExtensionOptions['onProblems']): Extension {
  return linter(
    (view): Diagnostic[] => {
      const problems = syntaxProblems(view.state.doc.toString());
      onProblems(problems);
      return problems.map((problem) => ({ from: problem.from, to: problem.to, severity: 'error', message: `Line ${problem.line}: ${problem.message}` }));
    },
    { delay: 300 },
  );
}

export function codeExtensions(options: CodeExtensionOptions): Extension {
  return [
    lineNumbers(),
    // The settings panel is 360 px wide: long lines wrap rather than hide half the code sideways.
    EditorView.lineWrapping,
    highlightActiveLineGutter(),
    highlightActiveLine(),
    lintGutter(),
    history(),
    drawSelection(),
    EditorState.allowMultipleSelections.of(true),
    EditorState.tabSize.of(2),
    indentUnit.of(INDENT),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightSelectionMatches(),
    search({ top: true }),
    javascript(),
    javascriptLanguage.data.of({ autocomplete: inputCompletions(options.inputNames) }),
    autocompletion({ icons: false }),
    lint(options.onProblems),
    escapeToLeave(),
    keymap.of([
      ...closeBracketsKeymap,
      ...completionKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...lintKeymap,
      { key: 'Tab', run: indentOrInsert },
      ...defaultKeymap,
    ]),
    codeTheme,
  ];
}
