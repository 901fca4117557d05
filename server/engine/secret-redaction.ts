/**
 * Blanking a connection's secrets out of what a step hands back. A server may echo what it was sent — a
 * header, the query, the body — as it is or transformed, so each secret is looked for in the spellings an
 * echo commonly takes: plain, URL-encoded (upper- or lower-case escapes, + for spaces), JSON-escaped
 * (quotes, backslashes, `\/` slashes, \uXXXX) and base64 (standard and URL-safe, padded or not). Base64 of a
 * longer text that contains the secret encodes it differently depending on where it starts, so the part
 * of each of the three alignments that the surrounding bytes cannot change is looked for too.
 *
 * Values are walked with an explicit stack (a response body's JSON may be nested deeper than recursion
 * survives); strings and object keys are rewritten, nothing else is touched.
 */

export const REDACTED = '[redacted]';

/** Base64 cores shorter than this are not looked for inside longer base64: too likely to occur by chance. */
const MIN_BASE64_CORE = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function base64Forms(bytes: Buffer): string[] {
  const standard = bytes.toString('base64');
  const urlSafe = bytes.toString('base64url');
  return [standard, standard.replace(/=+$/, ''), urlSafe];
}

/** For each alignment, the base64 characters fixed by the secret alone when it sits inside longer data. */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = offset === 0 ? 0 : 4; // the first group mixes in the bytes before the secret
    const end = Math.floor((offset + bytes.length) / 3) * 4; // a last partial group mixes in the bytes after
    const core = encoded.slice(start, end);
    if (core.length >= MIN_BASE64_CORE) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** Every spelling of `secret` looked for. */
export function secretSpellings(secret: string): string[] {
  const uri = encodeURIComponent(secret);
  const json = JSON.stringify(secret).slice(1, -1);
  const asciiJson = json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const bytes = Buffer.from(secret, 'utf8');
  return [
    secret,
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    uri.replace(/%20/g, '+'),
    encodeURI(secret),
    json,
    json.replace(/\//g, '\\/'),
    asciiJson,
    asciiJson.replace(/\//g, '\\/'),
    ...base64Forms(bytes),
    ...base64Cores(bytes),
  ];
}

export interface Redactor {
  text(text: string): string;
  /** A JSON-like value with every string and key redacted (a copy where something changed). */
  value<T>(value: T): T;
}

const NOTHING: Redactor = { text: (text) => text, value: (value) => value };

export function createRedactor(secrets: readonly string[]): Redactor {
  const spellings = [...new Set(secrets.filter((secret) => secret.length > 0).flatMap(secretSpellings))].filter((form) => form.length > 0);
  if (spellings.length === 0) return NOTHING;
  // Longest first, so a longer spelling is blanked whole before a shorter one inside it.
  spellings.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(spellings.map(escapeRegExp).join('|'), 'g');
  const text = (input: string) => input.replace(pattern, REDACTED);
  return { text, value: (value) => redactValue(value, text) };
}

function redactValue<T>(root: T, text: (input: string) => string): T {
  if (typeof root === 'string') return text(root) as T;
  if (typeof root !== 'object' || root === null) return root;
  const copy = (source: object): Record<string, unknown> | unknown[] => (Array.isArray(source) ? [...(source as unknown[])] : { ...source });
  const top = copy(root);
  const stack: Array<Record<string, unknown> | unknown[]> = [top];
  while (stack.length > 0) {
    const container = stack.pop()!;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const item = container[i];
        if (typeof item === 'string') container[i] = text(item);
        else if (typeof item === 'object' && item !== null) stack.push((container[i] = copy(item)));
      }
      continue;
    }
    for (const key of Object.keys(container)) {
      const item = container[key];
      const safeKey = text(key);
      if (safeKey !== key) delete container[key];
      const next = typeof item === 'string' ? text(item) : typeof item === 'object' && item !== null ? copy(item) : item;
      // Defined, not assigned: a parsed body may have an own "__proto__" key, which assignment would turn into a prototype.
      Object.defineProperty(container, safeKey, { value: next, writable: true, enumerable: true, configurable: true });
      if (typeof next === 'object' && next !== null) stack.push(next as Record<string, unknown> | unknown[]);
    }
  }
  return top as T;
}
