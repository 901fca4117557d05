/**
 * The redactor a connection's results pass through (server/engine/secret-redaction.ts): each spelling an
 * echo takes, base64 inside longer data at every alignment, keys as well as values, any nesting depth, and
 * nothing else touched.
 */
import { describe, expect, it } from '@rstest/core';
import { createRedactor, REDACTED } from '../../server/engine/secret-redaction.ts';

const SECRET = 'k3y/with+odd=chars&ü';

describe('the redactor', () => {
  const redactor = createRedactor([SECRET]);

  it('blanks every spelling of the secret in text', () => {
    const b64 = Buffer.from(SECRET).toString('base64');
    for (const spelling of [
      SECRET,
      encodeURIComponent(SECRET),
      encodeURIComponent(SECRET).toLowerCase(),
      JSON.stringify(SECRET).slice(1, -1).replace(/\//g, '\\/'),
      JSON.stringify(SECRET).slice(1, -1).replace('ü', '\\u00fc'),
      b64,
      b64.replace(/=+$/, ''),
      Buffer.from(SECRET).toString('base64url'),
    ]) {
      expect(redactor.text(`before ${spelling} after`)).toBe(`before ${REDACTED} after`);
    }
  });

  it('finds the secret inside longer base64, wherever it starts', () => {
    for (const prefix of ['', 'a', 'ab', 'abc', 'abcd']) {
      const encoded = Buffer.from(`${prefix}{"token":"${SECRET}"}`).toString('base64');
      const redacted = redactor.text(encoded);
      expect(redacted).toContain(REDACTED);
      expect(Buffer.from(redacted.replace(REDACTED, ''), 'base64').toString('latin1')).not.toContain('with+odd');
    }
  });

  it('rewrites strings and keys at any depth, copying only what it walks, and leaves the rest alone', () => {
    const input = { [SECRET]: 1, list: [SECRET, 2, null, true, { deeper: `x ${SECRET} y` }], keep: 'plain text', n: 3 };
    const output = redactor.value(input);
    expect(output).toEqual({ [REDACTED]: 1, list: [REDACTED, 2, null, true, { deeper: `x ${REDACTED} y` }], keep: 'plain text', n: 3 });
    expect(input.list[0]).toBe(SECRET);
    let deep: unknown = SECRET;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let walked = redactor.value(deep);
    for (let i = 0; i < 100_000; i++) walked = (walked as unknown[])[0];
    expect(walked).toBe(REDACTED);
  });

  it('keeps an own "__proto__" key a key', () => {
    const parsed = JSON.parse(`{"__proto__": {"a": "${SECRET}"}}`) as Record<string, unknown>;
    const output = redactor.value(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.hasOwn(output, '__proto__')).toBe(true);
    expect(JSON.stringify(output)).toBe(`{"__proto__":{"a":"${REDACTED}"}}`);
  });

  it('changes nothing without secrets', () => {
    const value = { a: 'b' };
    expect(createRedactor([]).value(value)).toBe(value);
  });
});
