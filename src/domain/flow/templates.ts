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

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Resolves every reference inside `value` (strings, arrays, objects; other values as they are). */
export function resolveTemplates(value: unknown, scope: Scope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return readPath(scope, whole[1]!);
    if (!value.includes('{{')) return value;
    return value.replace(TEMPLATE, (_text, path: string) => asText(readPath(scope, path)));
  }
  if (Array.isArray(value)) return value.map((item) => resolveTemplates(item, scope));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = resolveTemplates(item, scope);
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
