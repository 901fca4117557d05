/**
 * The two forms a workflow version travels in (issue 16, SPEC §3 and §7):
 * - **flat** (the default, what the editor sends and reads): the stored form, `trigger` and a `steps`
 *   array whose steps link to each other by name (`next`, `firstLoopStep`, `children`);
 * - **nested**: SPEC §3's trigger chain, Activepieces' form: the `trigger` holds its first step in
 *   `nextAction`, each step the next, a loop its body in `firstLoopAction`, a router one chain per
 *   branch in `children` (null for an empty branch) beside `settings.branches`.
 *
 * A client asks for the nested form with `?form=nested` on the calls that answer a version; it may send
 * either form as the autosave `configuration` (a `steps` array means flat). The nested form nests a level
 * per step of a chain, so its limits are the flow file's: MAX_FLOW_FILE_DEPTH levels and LARGE_BODY_LIMIT
 * bytes, refused with a 400 / 413 that names them (server/workflows/nested-form.ts).
 */
import * as z from 'zod/mini';
import { STEP_TYPES, TRIGGER_TYPES, VERSION_STATES } from '../flow/constants.ts';
import { optionalQuery } from './wire.ts';

export const VERSION_FORMS = ['flat', 'nested'] as const;
export type VersionForm = (typeof VERSION_FORMS)[number];

/** The query of every call that answers a version: which form the version comes in. */
export const versionFormQuerySchema = z.object({
  form: z.pipe(
    optionalQuery(
      z.enum(VERSION_FORMS).check(
        z.describe(
          "The version's form: 'flat' (the default; steps in an array, linked by name) or 'nested' (SPEC §3's trigger chain: trigger.nextAction, loops' firstLoopAction, routers' children beside settings.branches)",
        ),
      ),
    ),
    z.transform((form: VersionForm | undefined): VersionForm => form ?? 'flat'),
  ),
});
export type VersionFormQuery = z.input<typeof versionFormQuerySchema>;

/**
 * The autosave's query: the version's form, and `reply=head` for a reply whose version has every field
 * but its trigger and steps. The editor sends the whole flow and holds it: a 10,000-step echo (4 MB) to
 * read back only the id and `updated` cost it 25 ms of parsing per save, while the next keys waited.
 */
export const autosaveQuerySchema = z.extend(versionFormQuerySchema, {
  reply: optionalQuery(
    z.enum(['head']).check(z.describe("'head': the reply's version without its trigger and steps (the saver has them); default: the whole version")),
  ),
});

/** Whether an autosave `configuration` is in the nested form: it has no `steps` (the flat form's array). */
export const isNestedConfiguration = (configuration: Record<string, unknown>): boolean => !Object.hasOwn(configuration, 'steps');

// ---- the nested form, for the API document only ----
// Never used to parse: a recursive schema would recurse once per step of a chain (the domain's walkers
// read the nested form with loops). The document describes the shape; the server writes it.

/** One step of the chain: its own fields, the next step, a loop's body, a router's branches. */
export const nestedStepDocSchema: z.ZodMiniType = z.looseObject({
  name: z.string(),
  displayName: z.string(),
  type: z.enum(STEP_TYPES),
  valid: z.boolean(),
  skip: z.optional(z.boolean()),
  settings: z.record(z.string(), z.unknown()),
  get nextAction() {
    return z.optional(nestedStepDocSchema);
  },
  get firstLoopAction() {
    return z.optional(nestedStepDocSchema);
  },
  get children() {
    return z.optional(z.array(z.nullable(nestedStepDocSchema)));
  },
});

/** A version in the nested form (`?form=nested`): SPEC §3's fields, the chain under `trigger`. */
export const nestedFlowVersionDocSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  displayName: z.string(),
  state: z.enum(VERSION_STATES),
  valid: z.boolean(),
  schemaVersion: z.nullable(z.string()),
  created: z.string(),
  updated: z.string(),
  trigger: z.looseObject({
    name: z.literal('trigger'),
    type: z.enum(TRIGGER_TYPES),
    displayName: z.string(),
    valid: z.boolean(),
    settings: z.record(z.string(), z.unknown()),
    nextAction: z.optional(nestedStepDocSchema),
  }),
});
