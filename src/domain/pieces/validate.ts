/**
 * Checking a step's input against its props, in the words the settings panel shows under each field.
 * A value holding a `{{...}}` reference is resolved only when the flow runs, so it passes the NUMBER and
 * JSON checks here (the engine checks the resolved value).
 */
import type { PieceProp } from './types.ts';

export const PIECE_INPUT_MESSAGES = {
  required: 'Required',
  number: 'Enter a number',
  json: 'Enter valid JSON',
  choice: 'Choose from the list; a reference cannot be used here',
} as const;

export interface PieceInputVerdict {
  valid: boolean;
  /** Prop name → message, only for props with a problem. */
  errors: Record<string, string>;
}

const REFERENCE = /\{\{[\s\S]*?\}\}/;

/** Whether a value holds a `{{...}}` reference to be resolved at run time. */
export const holdsReference = (value: unknown): boolean => typeof value === 'string' && REFERENCE.test(value);

/** Absent, null, or text with nothing but spaces. */
export const isBlankValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The number a literal NUMBER value stands for (a number, or numeric text), else undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

function rangeMessage(prop: PieceProp): string {
  const kind = prop.integer ? 'a whole number' : 'a number';
  if (prop.min !== undefined && prop.max !== undefined) return `Enter ${kind} from ${prop.min} to ${prop.max}`;
  if (prop.min !== undefined) return `Enter ${kind} of at least ${prop.min}`;
  if (prop.max !== undefined) return `Enter ${kind} of at most ${prop.max}`;
  return `Enter ${kind}`;
}

function numberError(prop: PieceProp, value: unknown): string | undefined {
  if (holdsReference(value)) return undefined;
  const n = numberOf(value);
  if (n === undefined) return PIECE_INPUT_MESSAGES.number;
  const outside = (prop.min !== undefined && n < prop.min) || (prop.max !== undefined && n > prop.max);
  return outside || (prop.integer && !Number.isInteger(n)) ? rangeMessage(prop) : undefined;
}

function jsonError(value: unknown): string | undefined {
  if (typeof value !== 'string' || holdsReference(value)) return undefined; // already a parsed value
  try {
    JSON.parse(value);
    return undefined;
  } catch {
    return PIECE_INPUT_MESSAGES.json;
  }
}

/** The message for one prop's value, or undefined when it is fine. */
export function pieceInputError(prop: PieceProp, value: unknown): string | undefined {
  if (isBlankValue(value)) return prop.required ? PIECE_INPUT_MESSAGES.required : undefined;
  if (prop.type === 'NUMBER') return numberError(prop, value);
  if (prop.type === 'JSON') return jsonError(value);
  if (prop.type === 'DYNAMIC_DROPDOWN') return typeof value === 'string' && !holdsReference(value) ? undefined : PIECE_INPUT_MESSAGES.choice;
  if (prop.pattern && typeof value === 'string' && !holdsReference(value) && !new RegExp(prop.pattern.source).test(value.trim())) {
    return prop.pattern.message;
  }
  return undefined;
}

export function validatePieceInput(props: readonly PieceProp[], input: Readonly<Record<string, unknown>> | undefined): PieceInputVerdict {
  const errors: Record<string, string> = {};
  for (const prop of props) {
    const error = pieceInputError(prop, input?.[prop.name]);
    if (error) errors[prop.name] = error;
  }
  return { valid: Object.keys(errors).length === 0, errors };
}
