/**
 * How deep and how large a JSON value may be wherever one crosses a boundary: an HTTP body, a socket
 * frame, a webhook call, a run's payload, a step's input or output, a stored run. Both checks are
 * iterative (a counter over text, an explicit stack over values), so a hostile value 100,000 levels deep
 * costs a linear scan and never the stack; they run before anything recursive (JSON.stringify,
 * structuredClone / postMessage, PostgreSQL's jsonb parser, our own walkers) touches the value.
 *
 * JSON.parse itself is iterative in V8 (any depth parses); JSON.stringify overflows near 5,000 levels
 * and structuredClone near 2,000 in Node 20, which is what a deep webhook body used to reach.
 */

/** Nesting levels any JSON value may have (an object or array inside another counts one level). */
export const MAX_JSON_DEPTH = 128;

export type JsonLimitProblem = { kind: 'depth'; limit: number } | { kind: 'size'; limit: number };

/**
 * The greatest nesting depth of JSON text, counting `[` and `{` outside strings; stops counting (and
 * answers `limit + 1`) as soon as the text goes past `limit`. Malformed text is measured as far as it
 * goes: parsing it is the parser's job.
 */
export function jsonTextDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return deepest;
}

export interface JsonMeasure {
  depth: number;
  /** Characters of the value's JSON text, counted without writing it (strings as their length plus quotes). */
  size: number;
}

/**
 * Depth and approximate JSON size of a value, walked with an explicit stack. Stops early (answering the
 * problem) once either passes its limit, so measuring a huge value costs no more than the limit.
 * Values JSON would drop (undefined, functions) count nothing; the size is a close estimate of
 * `JSON.stringify(value).length` (escapes are not counted), which is all a cap needs.
 */
export function measureJson(value: unknown, limits: { maxDepth?: number; maxSize?: number } = {}): JsonMeasure | JsonLimitProblem {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxSize = limits.maxSize ?? Number.POSITIVE_INFINITY;
  let size = 0;
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    switch (typeof current) {
      case 'string':
        size += current.length + 2;
        break;
      case 'number':
      case 'bigint':
        size += String(current).length;
        break;
      case 'boolean':
        size += current ? 4 : 5;
        break;
      case 'object': {
        if (current === null) {
          size += 4;
          break;
        }
        const level = depth + 1;
        if (level > maxDepth) return { kind: 'depth', limit: maxDepth };
        if (level > deepest) deepest = level;
        if (Array.isArray(current)) {
          size += 2 + Math.max(0, current.length - 1);
          for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], depth: level });
        } else {
          size += 2;
          for (const key in current) {
            if (!Object.hasOwn(current, key)) continue;
            const item = (current as Record<string, unknown>)[key];
            if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
            size += key.length + 4; // "key": and a comma
            stack.push({ value: item, depth: level });
          }
        }
        break;
      }
      default:
        break;
    }
    if (size > maxSize) return { kind: 'size', limit: maxSize };
  }
  return { depth: deepest, size };
}

export const isJsonLimitProblem = (measure: JsonMeasure | JsonLimitProblem): measure is JsonLimitProblem => 'kind' in measure;

/** `1,048,576` → '1 MB'; sizes in the messages people read. */
export function formatSize(characters: number): string {
  if (characters >= 1024 * 1024 && characters % (1024 * 1024) === 0) return `${characters / (1024 * 1024)} MB`;
  if (characters >= 1024 && characters % 1024 === 0) return `${characters / 1024} KB`;
  return `${characters.toLocaleString('en-US')} bytes`;
}

/** The sentence for a value past a limit: 'The step's output nests deeper than 128 levels'. */
export function jsonLimitMessage(what: string, problem: JsonLimitProblem): string {
  return problem.kind === 'depth'
    ? `${what} nests deeper than ${problem.limit} levels`
    : `${what} is larger than ${formatSize(problem.limit)}`;
}
