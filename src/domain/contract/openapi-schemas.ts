/**
 * zod schemas as JSON Schema (draft 2020-12) for the OpenAPI document (openapi.ts), with zod's own
 * `z.toJSONSchema`: requests on the 'input' side, replies on the 'output' side.
 *
 * zod puts a named or recursive schema under `$defs` with `#/$defs/…` references, which an OpenAPI
 * document would resolve against its own root: they are moved to `components` (`#/components/schemas/…`)
 * and the references rewritten. Names are given on the reply side only; a request's schema is its
 * route's own.
 */
import * as z from 'zod/mini';

export type Json = Record<string, unknown>;
export type Io = 'input' | 'output';

export class SchemaConverter {
  readonly components: Record<string, Json> = {};
  private readonly names = z.registry<{ id: string }>();
  private readonly none = z.registry<{ id: string }>();
  private unnamed = 0;

  constructor(named: ReadonlyArray<[z.core.$ZodType, string]>, private readonly describedAs: ReadonlyMap<z.core.$ZodType, z.core.$ZodType>) {
    for (const [schema, id] of named) this.names.add(schema, { id });
  }

  /** The JSON Schema of `schema`, its named and recursive parts moved to `components.schemas`. */
  convert(given: z.core.$ZodType, io: Io): Json {
    const schema = this.describedAs.get(given) ?? given;
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      // Names only on the reply side: a request's schema is its route's own.
      metadata: io === 'output' ? this.names : this.none,
      cycles: 'ref',
      reused: 'inline',
      // `undefined` (an optional body) is no JSON value; what a transform makes is not told by zod.
      unrepresentable: ({ zodSchema }) => (zodSchema._zod.def.type === 'undefined' ? { not: {} } : {}),
      override: ({ zodSchema, jsonSchema }) => {
        const described = this.describedAs.get(zodSchema);
        if (described) Object.assign(jsonSchema, this.convert(described, io));
        tidy(jsonSchema as Json);
      },
    }) as Json;
    const { $schema: _dialect, $defs, ...root } = simplify(json) as Json;
    const renamed = new Map<string, string>();
    for (const name of Object.keys(($defs as Record<string, Json> | undefined) ?? {})) {
      renamed.set(name, name.startsWith('__') ? `Schema${++this.unnamed}` : io === 'input' ? `${name}Input` : name);
    }
    const refer = (value: unknown): unknown => rewriteRefs(value, renamed);
    for (const [name, def] of Object.entries(($defs as Record<string, Json> | undefined) ?? {})) {
      const target = renamed.get(name)!;
      const body = refer(def) as Json;
      const existing = this.components[target];
      if (existing && JSON.stringify(existing) !== JSON.stringify(body)) throw new Error(`Two different schemas named ${target}`);
      this.components[target] = body;
    }
    return refer(root) as Json;
  }
}

/** zod writes both a format and its own pattern for ids and instants: the format says it, shorter. */
function tidy(json: Json): void {
  if (typeof json.pattern === 'string' && (json.format === 'uuid' || json.format === 'date-time')) delete json.pattern;
}

/** `anyOf: [{not: {}}, X]` (an optional body: absent or X) is X; the body's `required: false` says the rest. */
function simplify(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(simplify);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) out[key] = simplify(item);
  if (Array.isArray(out.anyOf)) {
    const members = (out.anyOf as Json[]).filter((member) => !(Object.keys(member).length === 1 && JSON.stringify(member.not) === '{}'));
    if (members.length === 1 && Object.keys(out).length === 1) return members[0];
    out.anyOf = members;
  }
  return out;
}

function rewriteRefs(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renamed));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
      const name = item.slice('#/$defs/'.length);
      out[key] = `#/components/schemas/${renamed.get(name) ?? name}`;
    } else out[key] = rewriteRefs(item, renamed);
  }
  return out;
}
