/**
 * The leaves where two JSON values differ, each named by a path (`input.url`, `branches[0].branchName`).
 * Settings can nest as deep as a piece keeps them, so the walk keeps its own stack instead of recursing:
 * its depth costs heap, never the call stack. Objects are compared key by key (missing and `undefined`
 * are the same), arrays index by index; anything else that is not identical is one change at its path.
 */

/** One leaf that differs; `before`/`after` is undefined where the path does not exist on that side. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `base.key`, or `base["odd key"]` for a key that is not an identifier. */
export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (IDENTIFIER.test(key)) return base ? `${base}.${key}` : key;
  return `${base}[${JSON.stringify(key)}]`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Pending {
  path: string;
  before: unknown;
  after: unknown;
}

/**
 * Appends to `out` every leaf where `before` and `after` differ under `path`, in key order (objects' keys
 * sorted, so the answer does not depend on insertion order). `skipKeys` are left out at the top level
 * only (e.g. a step's sample data).
 */
export function diffValues(path: string, before: unknown, after: unknown, out: FieldChange[], skipKeys: ReadonlySet<string> = new Set()): void {
  const stack: Pending[] = [{ path, before, after }];
  let top = true;
  while (stack.length > 0) {
    const { path: here, before: a, after: b } = stack.pop()!;
    const skip = top ? skipKeys : undefined;
    top = false;
    if (Object.is(a, b)) continue;
    if (Array.isArray(a) && Array.isArray(b)) {
      // Pushed last-first so that they are popped (and reported) in index order.
      for (let i = Math.max(a.length, b.length) - 1; i >= 0; i--) stack.push({ path: childPath(here, i), before: a[i], after: b[i] });
      continue;
    }
    if (isRecord(a) && isRecord(b)) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      const sorted = [...keys].filter((key) => !skip?.has(key)).sort();
      for (let i = sorted.length - 1; i >= 0; i--) {
        const key = sorted[i]!;
        stack.push({ path: childPath(here, key), before: Object.hasOwn(a, key) ? a[key] : undefined, after: Object.hasOwn(b, key) ? b[key] : undefined });
      }
      continue;
    }
    out.push({ path: here, before: a, after: b });
  }
}
