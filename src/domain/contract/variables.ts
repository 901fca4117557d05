/**
 * Variables (SPEC §3): name, type, value, scope, status, sensitive, description. The name rule, the
 * limits and the fields are the server's and the variable form's alike; the create body and the list
 * query are in requests.ts.
 */
import * as z from 'zod/mini';
import { isStorableText, textSchema, UNSTORABLE_TEXT, utf8Length } from './text.ts';

export const VARIABLE_TYPES = ['STRING', 'NUMBER', 'BOOLEAN', 'JSON'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
export const VARIABLE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type VariableStatus = (typeof VARIABLE_STATUSES)[number];
export const VARIABLE_SCOPES = ['GLOBAL', 'WORKFLOW'] as const;

// ---- limits and rules ----

/** Letters, digits and _, not starting with a digit, at most VARIABLE_NAME_MAX characters. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const VARIABLE_NAME_MESSAGE = 'Use letters, digits and _; start with a letter or _';
export const VARIABLE_NAME_MAX = 64;
/** The length limit stated in the refusal (issue 17), in the form's and the server's words alike. */
export const VARIABLE_NAME_TOO_LONG_MESSAGE = `Name must be at most ${VARIABLE_NAME_MAX} characters`;
export const VALUE_MAX_BYTES = 64 * 1024;
export const VALUE_TOO_LARGE_MESSAGE = 'Values are limited to 64 KiB';
export const VARIABLE_DESCRIPTION_MAX = 1000;
export const DUPLICATE_NAME_MESSAGE = 'A variable with this name already exists';
export const STAYS_SENSITIVE_MESSAGE = 'A sensitive variable cannot be made visible again';

// The length first: a long name is told its limit, whatever else is wrong with it.
export const variableNameSchema = z
  .string()
  .check(z.maxLength(VARIABLE_NAME_MAX, { error: VARIABLE_NAME_TOO_LONG_MESSAGE, abort: true }), z.regex(VARIABLE_NAME, VARIABLE_NAME_MESSAGE));
export const variableTypeSchema = z.enum(VARIABLE_TYPES);
export const variableStatusSchema = z.enum(VARIABLE_STATUSES);
export const variableDescriptionSchema = textSchema(VARIABLE_DESCRIPTION_MAX);

export const fitsValueLimit = (value: string): boolean => utf8Length(value) <= VALUE_MAX_BYTES;

/** Text; numbers and booleans are taken as their text ("42", "true"). */
export const variableValueSchema = z
  .pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform((value) => String(value)))
  .check(z.refine(fitsValueLimit, VALUE_TOO_LARGE_MESSAGE), z.refine(isStorableText, UNSTORABLE_TEXT));

/** Why a value does not fit its type, or undefined. */
export function valueProblem(type: VariableType, value: string): string | undefined {
  switch (type) {
    case 'STRING':
      return undefined;
    case 'NUMBER':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : 'Enter a number';
    case 'BOOLEAN':
      return value === 'true' || value === 'false' ? undefined : "Use 'true' or 'false'";
    case 'JSON':
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return 'Enter valid JSON';
      }
  }
}

// ---- fields ----

/** The fields a person fills in: a create carries them all (requests.ts), an update any of them. */
export const variableFields = {
  name: variableNameSchema,
  type: variableTypeSchema,
  value: variableValueSchema,
  sensitive: z.optional(z.boolean()),
  description: z.optional(variableDescriptionSchema),
  status: z.optional(variableStatusSchema),
};

/** A value must fit its type: "42" for a NUMBER, "true" or "false" for a BOOLEAN, JSON for JSON. */
export const valueFitsType = z.superRefine((body: { type: VariableType; value: string }, ctx) => {
  const problem = valueProblem(body.type, body.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem, input: body.value });
});

/** A new variable's fields as a person fills them in: the create body without its workflow. */
export const newVariableFieldsSchema = z.object(variableFields).check(valueFitsType);

/** PUT /variables/:id: every field optional; no `value` keeps the stored one (the only way to keep a sensitive value). */
export const updateVariableBodySchema = z.object({
  name: z.optional(variableNameSchema),
  type: z.optional(variableTypeSchema),
  value: z.optional(variableValueSchema),
  description: z.optional(variableDescriptionSchema),
  status: z.optional(variableStatusSchema),
  sensitive: z.optional(z.boolean()),
});
export type UpdateVariableBody = z.input<typeof updateVariableBodySchema>;

// ---- replies ----

/** A variable; a sensitive one comes without `value`, always. */
export const variableSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: variableTypeSchema,
  value: z.optional(z.string()),
  scope: z.enum(VARIABLE_SCOPES),
  workflowId: z.nullish(z.string()),
  status: variableStatusSchema,
  sensitive: z.boolean(),
  description: z.nullish(z.string()),
  created: z.string(),
  updated: z.string(),
});
export type Variable = z.output<typeof variableSchema>;

/** GET /variables */
export const variableListSchema = z.object({ data: z.array(variableSchema) });

/** DELETE /variables/:id */
export const successReplySchema = z.object({ success: z.literal(true) });
