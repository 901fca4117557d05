/**
 * What the JSON viewer needs to know about a value before drawing it: the pretty text (also what the copy
 * button copies), a one-line summary for the collapsed state, and whether it is large enough to start
 * collapsed — a step's output can be a 5,000-row API reply, and a timeline of open walls of text is useless.
 */

/** Past either bound a value starts collapsed. */
export const LARGE_JSON_CHARS = 600;
export const LARGE_JSON_LINES = 16;
const SUMMARY_STRING_CHARS = 60;

export interface JsonPreview {
  text: string;
  summary: string;
  large: boolean;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function summarize(value: unknown): string {
  if (Array.isArray(value)) return `[…] ${plural(value.length, 'item', 'items')}`;
  if (value !== null && typeof value === 'object') return `{…} ${plural(Object.keys(value).length, 'key', 'keys')}`;
  if (typeof value === 'string') {
    const short = value.length > SUMMARY_STRING_CHARS ? `${value.slice(0, SUMMARY_STRING_CHARS)}…` : value;
    return JSON.stringify(short);
  }
  return String(value);
}

export function previewJson(value: unknown): JsonPreview {
  // undefined is not JSON; a step that produced nothing shows as null rather than an empty box
  const text = JSON.stringify(value ?? null, null, 2) ?? 'null';
  let lines = 1;
  for (let i = 0; i < text.length && lines <= LARGE_JSON_LINES; i++) if (text.charCodeAt(i) === 10) lines++;
  return { text, summary: summarize(value ?? null), large: text.length > LARGE_JSON_CHARS || lines > LARGE_JSON_LINES };
}
