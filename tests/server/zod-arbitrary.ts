/**
 * Values shaped like a zod schema (classic or zod/mini: both share `_zod.def`), for the route fuzz suite.
 * Not a validator's mirror image: strings come at, under and just over their length limits, numbers at
 * their edges, ids from the caller's real ids or random ones, so the generated values land on both
 * sides of every check. Unknown schema kinds fall back to arbitrary JSON, so a new kind of schema never
 * stops the suite (it only fuzzes less precisely).
 */
import fc from 'fast-check';

interface Def {
  type: string;
  [key: string]: unknown;
}
type Schema = { _zod: { def: Def } };

const defOf = (schema: unknown): Def => (schema as Schema)._zod.def;

export interface ArbitraryOptions {
  /** Real ids the generated uuids are drawn from, half of the time. */
  ids?: readonly string[];
  /** How deep arbitrary JSON (for z.unknown and records) goes. */
  jsonDepth?: number;
}

/** Strings that have broken servers: encodings, NULs, surrogates, direction marks, injection-looking text. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\uFEFFbom',
  '🙂👍🏽👨‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'ñandú',
  '\r\n\t\u000b\u000c',
  '%00%ff%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{trigger}}',
  '${process.env}',
  '__proto__',
  'constructor',
  'null',
  'true',
  '-0',
  '1e308',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
];

/** JSON numbers at the edges of what JavaScript and PostgreSQL hold. */
export const NASTY_NUMBERS: readonly number[] = [0, -0, 1, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, 5e-324, 1e21, 123456789012345680000];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  );

export const nastyNumber = (): fc.Arbitrary<number> => fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());

function checksOf(def: Def): Def[] {
  return ((def.checks as Schema[] | undefined) ?? []).map((check) => defOf(check));
}

function stringArbitrary(def: Def, options: ArbitraryOptions): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = (def.format as string | undefined) ?? checks.find((c) => c.check === 'string_format')?.format;
  const min = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 0);
  const max = checks.find((c) => c.check === 'max_length')?.maximum as number | undefined;
  const ids = options.ids ?? [];
  if (format === 'guid' || format === 'uuid') {
    return ids.length > 0 ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  }
  if (format === 'email') return fc.oneof(fc.emailAddress(), nastyString());
  if (format === 'datetime') {
    return fc.date({ noInvalidDate: true, min: new Date(-62135596800000), max: new Date(253402300799000) }).map((d) => d.toISOString());
  }
  if (format === 'regex') {
    const pattern = (checks.find((c) => c.format === 'regex')?.pattern ?? def.pattern) as RegExp | undefined;
    if (pattern instanceof RegExp) return fc.oneof({ weight: 3, arbitrary: fc.stringMatching(pattern) }, { weight: 1, arbitrary: nastyString() });
  }
  const sized: Array<fc.Arbitrary<string>> = [fc.string({ minLength: min, maxLength: Math.min(max ?? 60, 60) }), nastyString()];
  if (max !== undefined) {
    // At the limit and one over it, in characters that take several UTF-8 bytes and UTF-16 units.
    sized.push(fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), 'é'.repeat(max), '🙂'.repeat(Math.ceil(max / 2) + 1)));
  }
  return fc.oneof(...sized);
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format' && String(c.format).includes('int'));
  const low = checks.find((c) => c.check === 'greater_than')?.value as number | undefined;
  const high = checks.find((c) => c.check === 'less_than')?.value as number | undefined;
  const edges = [low, high, low === undefined ? undefined : low - 1, high === undefined ? undefined : high + 1].filter((n): n is number => n !== undefined);
  const inRange = integer ? fc.integer({ min: low ?? -1000, max: high ?? 1000 }) : fc.double({ min: low ?? -1000, max: high ?? 1000, noNaN: true });
  return fc.oneof(inRange, nastyNumber(), ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []));
}

/** An arbitrary of values shaped like `schema`: mostly the right types, some of them out of range. */
export function arbitraryFor(schema: unknown, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const json = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: options.jsonDepth ?? 3 });
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)) }, { weight: 1, arbitrary: nastyString() });
    case 'optional':
      return fc.option(arbitraryFor(def.innerType, options), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType, options), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryFor(def.innerType, options);
    case 'pipe': {
      // A transform has no shape of its own: generate what goes in (z.preprocess: what the inner schema takes).
      const input = defOf(def.in);
      return arbitraryFor(input.type === 'transform' ? def.out : def.in, options);
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryFor(option, options)));
    case 'array': {
      const max = checksOf(def).find((c) => c.check === 'max_length')?.maximum as number | undefined;
      return fc.array(arbitraryFor(def.element, options), { maxLength: Math.min((max ?? 5) + 1, 12) });
    }
    case 'record':
      return fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...NASTY_STRINGS)), arbitraryFor(def.valueType, options), { maxKeys: 4 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) model[key] = arbitraryFor(field, options);
      // Every key may be missing: requiredKeys [] lets fast-check drop required ones too.
      return fc.record(model, { requiredKeys: [] });
    }
    default:
      return json();
  }
}
