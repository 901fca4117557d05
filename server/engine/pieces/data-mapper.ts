/**
 * The Data mapper piece's advanced_mapping. The engine has already written the references into the
 * mapping, so the step's work is to check it is an object: the editor stores typed JSON as text, and a
 * reference may have resolved to anything.
 */
import type { PieceAction } from '../execute-flow.ts';
import { objectInput } from './object-input.ts';

const MESSAGE = 'The mapping must be a JSON object, like {"name": "{{step_1.name}}"}';

export const advancedMapping: PieceAction = async (input) => objectInput(input.mapping, MESSAGE);
