/**
 * How a piece prop's stored value reads as text in its field, and how typed text is stored: numbers as
 * numbers and JSON objects, lists, numbers and booleans parsed (as Activepieces stores them), anything
 * else (a {{reference}}, text still being typed) as the text itself, so nothing typed is ever lost.
 * An emptied field removes the input.
 */
import { holdsReference, numberOf, type PieceProp } from '../../../../domain/pieces/index.ts';

export function displayText(prop: PieceProp, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (prop.type === 'NUMBER' && typeof value === 'number') return String(value);
  return JSON.stringify(value, null, prop.type === 'JSON' ? 2 : undefined) ?? '';
}

function parsedJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return (typeof value === 'object' && value !== null) || typeof value === 'number' || typeof value === 'boolean' ? value : text;
  } catch {
    return text;
  }
}

/** The value to store for typed text; undefined removes the input. */
export function storedValue(prop: PieceProp, text: string): unknown {
  if (text.trim() === '') return undefined;
  if (prop.type === 'NUMBER') return holdsReference(text) ? text : (numberOf(text) ?? text);
  if (prop.type === 'JSON') return parsedJson(text);
  return text;
}

export const normalizerOf = (prop: PieceProp) => (text: string) => displayText(prop, storedValue(prop, text));

/** `input` with `name` set to `value`, or without it when `value` is undefined. */
export function withInputValue(input: Readonly<Record<string, unknown>>, name: string, value: unknown): Record<string, unknown> {
  const next = { ...input };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}
