/**
 * The code step's syntax check as pure functions: where the grammar rejects the code (line, column, the
 * text marked, the words shown), and the sentence 'Test step' refuses with, naming the line.
 */
import { describe, expect, it } from '@rstest/core';
import { syntaxProblems, syntaxRefusal } from '../../../src/ui/screens/editor/settings/code/code-lint.ts';

const wrap = (body: string) => `export const code = async (inputs) => {\n${body}\n};`;

describe('syntaxProblems', () => {
  it('finds nothing in code that parses, modern syntax and module code included', () => {
    expect(syntaxProblems(wrap('  return true;'))).toEqual([]);
    expect(syntaxProblems('')).toEqual([]);
    expect(syntaxProblems('class A { #x = 1; m() { return this.#x } }\nconst r = /ab+c/g.test(s); a?.b ?? c;\nfor await (const x of y) {}')).toEqual([]);
    expect(syntaxProblems("import x from 'y';\nexport default async () => `a ${1 + 2}`;")).toEqual([]);
  });

  it('points at the unexpected token, on its line and column', () => {
    const code = wrap('  const total = inputs.a +;\n  return total;');
    const [problem, ...rest] = syntaxProblems(code);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ line: 2, column: 27, message: 'Unexpected “;”.' });
    expect(code.slice(problem!.from, problem!.to)).toBe(';');
  });

  it('marks a whole word, and an extra closing bracket', () => {
    expect(syntaxProblems('let x = 1 two;')[0]).toMatchObject({ line: 1, column: 11, message: 'Unexpected “two”.', from: 10, to: 13 });
    expect(syntaxProblems('if (x) {\n  y();\n}}')[0]).toMatchObject({ line: 3, column: 2, message: 'Unexpected “}”.' });
  });

  it('says the code ends too soon when a bracket, a string or a comment is left open', () => {
    const open = 'export const code = async () => {\n  return 1;\n';
    expect(syntaxProblems(open)).toEqual([
      { from: open.length, to: open.length, line: 3, column: 1, message: 'The code ends too soon: a bracket, a string or a comment is not closed.' },
    ]);
    expect(syntaxProblems('const a = 1; /* never closed')[0]?.message).toContain('ends too soon');
  });

  it('reports at most 20 places however broken the code', () => {
    expect(syntaxProblems(')'.repeat(500)).length).toBeLessThanOrEqual(20);
  });
});

describe('syntaxRefusal', () => {
  it('is null for code that parses', () => {
    expect(syntaxRefusal(wrap('  return inputs.a;'))).toBeNull();
  });

  it('names the first problem’s line, and how many more there are', () => {
    expect(syntaxRefusal(wrap('  return inputs.a +;'))).toBe('Fix the syntax error on line 2 before testing: Unexpected “;”.');
    expect(syntaxRefusal('let a = 1 b;\nlet c = 2 d;\nlet e = 3 f;')).toBe(
      'Fix the syntax error on line 1 before testing (and 2 more): Unexpected “b”.',
    );
  });
});
