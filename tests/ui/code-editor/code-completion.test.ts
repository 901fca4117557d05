/**
 * `inputs.<name>` completion as a pure completion source over an editor state: offered after `inputs.`
 * from the declared names (read when it runs), not elsewhere, not in strings or comments; a name that is
 * not an identifier is written as a bracketed member.
 */
import { describe, expect, it } from '@rstest/core';
import { CompletionContext, type Completion, type CompletionResult } from '@codemirror/autocomplete';
import { javascript } from '@codemirror/lang-javascript';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { inputCompletions } from '../../../src/ui/screens/editor/settings/code/code-completion.ts';

/** `|` marks the caret. */
function complete(textWithCaret: string, names: readonly string[], explicit = false) {
  const pos = textWithCaret.indexOf('|');
  const doc = textWithCaret.replace('|', '');
  const state = EditorState.create({ doc, extensions: [javascript()] });
  const result = inputCompletions(() => names)(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
  return { state, doc, result };
}

const labels = (result: CompletionResult | null) => result?.options.map((option: Completion) => option.label) ?? null;

describe('inputCompletions', () => {
  it('offers the declared names after `inputs.`, replacing what was typed after the dot', () => {
    const { result, doc } = complete('export const code = async (inputs) => inputs.or|', ['orderId', 'customer']);
    expect(labels(result)).toEqual(['orderId', 'customer']);
    expect(result?.from).toBe(doc.length - 'or'.length);
    expect(result?.options[0]).toMatchObject({ type: 'property', detail: 'input' });
    expect(complete('return inputs.|', ['a'], true).result?.from).toBe('return inputs.'.length);
  });

  it('offers nothing elsewhere: another object, a longer name, no dot, or no declared input', () => {
    expect(complete('return order.|', ['a']).result).toBeNull();
    expect(complete('return myinputs.|', ['a']).result).toBeNull();
    expect(complete('return x.inputs.|', ['a']).result).toBeNull();
    expect(complete('return inputs|', ['a']).result).toBeNull();
    expect(complete('return inputs.|', []).result).toBeNull();
    expect(complete('return inputs.|', ['', '  ']).result).toBeNull();
  });

  it('offers nothing inside a string or a comment', () => {
    expect(complete("const s = 'inputs.|';", ['a']).result).toBeNull();
    expect(complete('// inputs.|', ['a']).result).toBeNull();
    expect(complete('/* inputs.| */', ['a']).result).toBeNull();
  });

  it('reads the names when it runs, so inputs added later are offered', () => {
    const names = ['a'];
    const source = inputCompletions(() => names);
    const state = EditorState.create({ doc: 'inputs.', extensions: [javascript()] });
    names.push('b');
    expect(labels(source(new CompletionContext(state, 7, false)) as CompletionResult)).toEqual(['a', 'b']);
  });

  it('writes a name that is not an identifier as inputs["…"]', () => {
    const { result, doc } = complete('return inputs.|', ['order id', 'ok']);
    const option = result!.options[0]!;
    expect(typeof option.apply).toBe('function');
    expect(result!.options[1]!.apply).toBeUndefined();
    const parent = document.createElement('div');
    const view = new EditorView({ parent, state: EditorState.create({ doc }) });
    (option.apply as (view: EditorView, c: Completion, from: number, to: number) => void)(view, option, doc.length, doc.length);
    expect(view.state.doc.toString()).toBe('return inputs["order id"]');
    expect(view.state.selection.main.head).toBe(view.state.doc.length);
    view.destroy();
  });
});
