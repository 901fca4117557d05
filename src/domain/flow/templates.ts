/**
 * `{{...}}` references in step settings, resolved against what ran before: `{{trigger.body.id}}`,
 * `{{step_2.items[0].name}}`, and inside a loop `{{step_1.item}}` / `{{step_1.index}}` (the loop step's
 * current iteration). A string that is exactly one reference takes the referenced value as it is (a
 * list stays a list); references inside longer text are written into it (objects as JSON). An unknown
 * reference reads as undefined (empty in text), as in Activepieces.
 *
 * Shared by the engine (server/engine) and the editor's data picker, so the picker offers exactly what
 * a run will read. (references.ts renames references when steps are copied.)
 */
import { isJsonLimitProblem, measureJson } from '../json-limits.ts';

const TEMPLATE = /\{\{\s*([^{}]+?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const PATH_PART = /[^.[\]]+|\[(\d+)\]/g;

export type Scope = Readonly<Record<string, unknown>>;

/** The value at a path like `step_2.items[0].name`; undefined where it leads nowhere. */
export function readPath(scope: Scope, path: string): unknown {
  const parts = [...path.matchAll(PATH_PART)].map((match) => match[1] ?? match[0]);
  let value: unknown = scope;
  for (const part of parts) {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'object') return undefined;
    // Own properties only: a reference must never reach a prototype ('__proto__', 'constructor').
    if (!Object.hasOwn(value as object, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Text written from references would pass `limit` characters: `"{{step_1}}"` repeated in a field writes
 * the whole of step_1's output each time, so a few bytes of settings can ask for gigabytes.
 */
export class TemplateTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`References write more than ${limit} characters of text`);
    this.name = 'TemplateTooLarge';
  }
}

interface TextBudget {
  left: number;
  readonly limit: number;
}

function asText(value: unknown, budget: TextBudget): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') {
    // Measured before it is written: an object too large for what is left is never stringified.
    if (isJsonLimitProblem(measureJson(value, { maxSize: budget.left }))) throw new TemplateTooLarge(budget.limit);
  }
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  budget.left -= text.length;
  if (budget.left < 0) throw new TemplateTooLarge(budget.limit);
  return text;
}

/**
 * Resolves every reference inside `value` (strings, arrays, objects; other values as they are). A lone
 * reference takes the value itself (nothing is copied); references written into text count against
 * `maxText` characters in all, past which it throws TemplateTooLarge.
 */
export function resolveTemplates(value: unknown, scope: Scope, maxText = Number.MAX_SAFE_INTEGER): unknown {
  return resolveWithin(value, scope, { left: maxText, limit: maxText });
}

function resolveWithin(value: unknown, scope: Scope, budget: TextBudget): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return readPath(scope, whole[1]!);
    if (!value.includes('{{')) return value;
    return value.replace(TEMPLATE, (_text, path: string) => asText(readPath(scope, path), budget));
  }
  if (Array.isArray(value)) return value.map((item) => resolveWithin(item, scope, budget));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = resolveWithin(item, scope, budget);
    return out;
  }
  return value;
}

/** A loop's items: a list, or JSON text of one (what a text field holds); null for anything else. */
export function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
