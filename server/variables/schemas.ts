/** Variables (SPEC §3): name, type, value, scope, status, sensitive, description. */
import { z } from 'zod';
import { idSchema, isStorableText, optionalQuery, textSchema, UNSTORABLE_TEXT } from '../http/input.ts';

export const VARIABLE_TYPES = ['STRING', 'NUMBER', 'BOOLEAN', 'JSON'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
export const VARIABLE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type VariableStatus = (typeof VARIABLE_STATUSES)[number];

export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const VARIABLE_NAME_MESSAGE = 'Use letters, digits and _; start with a letter or _';
export const VALUE_MAX_BYTES = 64 * 1024;
export const DUPLICATE_NAME_MESSAGE = 'A variable with this name already exists';
export const STAYS_SENSITIVE_MESSAGE = 'A sensitive variable cannot be made visible again';

const nameSchema = z.string().regex(VARIABLE_NAME, VARIABLE_NAME_MESSAGE);
const typeSchema = z.enum(VARIABLE_TYPES);
const statusSchema = z.enum(VARIABLE_STATUSES);
const descriptionSchema = textSchema(1000);

/** Text; numbers and booleans are taken as their text ("42", "true"). */
const valueSchema = z
  .union([z.string(), z.number(), z.boolean()])
  .transform(String)
  .refine((value) => Buffer.byteLength(value, 'utf8') <= VALUE_MAX_BYTES, 'Values are limited to 64 KiB')
  .refine(isStorableText, UNSTORABLE_TEXT);

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

export const listQuerySchema = z.object({ workflow_id: optionalQuery(idSchema) });

export const createBodySchema = z
  .object({
    name: nameSchema,
    type: typeSchema,
    value: valueSchema,
    workflow_id: idSchema.nullable().optional(),
    sensitive: z.boolean().optional(),
    description: descriptionSchema.optional(),
    status: statusSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const problem = valueProblem(body.type, body.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });

export const updateBodySchema = z.object({
  name: nameSchema.optional(),
  type: typeSchema.optional(),
  value: valueSchema.optional(),
  description: descriptionSchema.optional(),
  status: statusSchema.optional(),
  sensitive: z.boolean().optional(),
});
