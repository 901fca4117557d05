/**
 * Completion of `inputs.<name>` in a code step from the names the step declares under Inputs: the code
 * receives them as `inputs`, so these are the only members worth offering there. A name that is not an
 * identifier is offered too and written as `inputs["my name"]`. Nothing is offered inside strings and
 * comments. The names are read when completion runs, so inputs added while the editor is open count.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorView } from '@codemirror/view';

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
const MEMBER_BEFORE_CARET = /(?<![\p{L}\p{N}_$.])inputs\.[\p{L}\p{N}_$]*/u;
const NOT_CODE = new Set(['String', 'TemplateString', 'LineComment', 'BlockComment', 'RegExp']);

function option(name: string): Completion {
  if (IDENTIFIER.test(name)) return { label: name, type: 'property', detail: 'input' };
  return {
    label: name,
    type: 'property',
    detail: 'input',
    // Replaces the '.' and what was typed after it with a bracketed member.
    apply: (view: EditorView, _completion: Completion, from: number, to: number) => {
      const insert = `[${JSON.stringify(name)}]`;
      view.dispatch({ changes: { from: from - 1, to, insert }, selection: { anchor: from - 1 + insert.length } });
    },
  };
}

/** The completion source over the step's declared input names (a getter: they change while typing). */
export function inputCompletions(names: () => readonly string[]): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const match = context.matchBefore(MEMBER_BEFORE_CARET);
    if (!match) return null;
    // The tree up to the caret, parsed now if the background parse has not got there yet.
    const tree = ensureSyntaxTree(context.state, context.pos, 50) ?? syntaxTree(context.state);
    if (NOT_CODE.has(tree.resolveInner(context.pos, -1).name)) return null;
    const declared = [...new Set(names())].filter((name) => name.trim() !== '');
    if (declared.length === 0) return null;
    return { from: match.from + 'inputs.'.length, options: declared.map(option), validFor: /^[\p{L}\p{N}_$]*$/u };
  };
}
