/**
 * The syntax check of a code step, as pure functions of the text: the code editor underlines what it
 * finds, and 'Test step' refuses to run while it finds anything. It is the Lezer JavaScript grammar the
 * editor highlights with (error recovery marks each place the parser could not continue), so it finds
 * grammar errors only: what a JavaScript engine rejects later (a `let` declared twice, `await` where it is
 * not allowed) is still the test's own error, told by the sandbox.
 *
 * Loaded on demand (a dynamic import from the code editor and from 'Test step'), never with the editor.
 */
import { parser } from '@lezer/javascript';

export interface SyntaxProblem {
  /** Character offsets of the mark, `to` > `from` unless the code is empty at that point. */
  from: number;
  to: number;
  /** 1-based, as the editor's gutter numbers lines. */
  line: number;
  column: number;
  message: string;
}

/** At most this many marks: past the first few, recovery mostly reports its own confusion. */
const MAX_PROBLEMS = 20;

function lineAndColumn(code: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = code.indexOf('\n'); i !== -1 && i < offset; i = code.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The word or the single character at `offset`, for 'Unexpected “…”'. */
function tokenAt(code: string, offset: number): string {
  const rest = code.slice(offset, offset + 40);
  return /^[\p{L}\p{N}_$]+/u.exec(rest)?.[0] ?? rest.charAt(0);
}

const quoted = (token: string) => `“${token.length > 30 ? `${token.slice(0, 30)}…` : token}”`;

/** Every place the grammar rejects, in order; an empty list when the code parses. */
export function syntaxProblems(code: string): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const tree = parser.parse(code);
  let lastOffset = -1;
  tree.iterate({
    enter(node) {
      if (problems.length >= MAX_PROBLEMS) return false;
      if (!node.type.isError) return undefined;
      // Skip whitespace the error node starts on, so the mark and the line point at the text itself.
      let from = node.from;
      const limit = node.to > node.from ? node.to : code.length;
      while (from < limit && /\s/.test(code.charAt(from))) from++;
      if (from === lastOffset) return undefined;
      lastOffset = from;
      const { line, column } = lineAndColumn(code, from);
      if (from >= code.length) {
        problems.push({
          from: code.length,
          to: code.length,
          line,
          column,
          message: 'The code ends too soon: a bracket, a string or a comment is not closed.',
        });
        return undefined;
      }
      const token = node.to > from ? code.slice(from, node.to).trimEnd() : tokenAt(code, from);
      problems.push({ from, to: from + Math.max(token.length, 1), line, column, message: `Unexpected ${quoted(token)}.` });
      return undefined;
    },
  });
  return problems;
}

/** Why 'Test step' refuses, naming the line of the first problem; null when the code parses. */
export function syntaxRefusal(code: string): string | null {
  const [first, ...rest] = syntaxProblems(code);
  if (!first) return null;
  const more = rest.length === 0 ? '' : rest.length === 1 ? ' (and 1 more)' : ` (and ${rest.length} more)`;
  return `Fix the syntax error on line ${first.line} before testing${more}: ${first.message}`;
}
