/**
 * Switching a piece step or trigger to another action or trigger: the new one's default inputs, keeping
 * the values of props both share (a store 'get' turned 'put' keeps its key), and the display name
 * following along while it is still the default one.
 */
import { defaultPieceInput, type PieceAction } from '../../../../domain/pieces/index.ts';

export function inputForSwitch(next: PieceAction, previous: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const input = defaultPieceInput(next.props);
  for (const prop of next.props) if (previous[prop.name] !== undefined) input[prop.name] = previous[prop.name];
  return input;
}

/** The display name after a switch: the new default when the old one was a default, else the user's. */
export function displayNameForSwitch(current: string, defaults: readonly (string | undefined)[], next: string): string {
  return current.trim() === '' || defaults.includes(current) ? next : current;
}
