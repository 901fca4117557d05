/**
 * The Data mapper piece's advanced_mapping. The engine has already written the references into the
 * mapping, so the step's work is to check it is an object: the editor stores typed JSON as text, and a
 * reference may have resolved to anything.
 */
import type { PieceAction } from '../execute-flow.ts';

const MESSAGE = 'The mapping must be a JSON object, like {"name": "{{step_1.name}}"}';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const advancedMapping: PieceAction = async (input) => {
  let mapping = input.mapping;
  if (typeof mapping === 'string') {
    try {
      mapping = JSON.parse(mapping);
    } catch {
      throw new Error(MESSAGE);
    }
  }
  if (!isObject(mapping)) throw new Error(MESSAGE);
  return mapping;
};
