/**
 * What the command palette lists for a query: every command of the registry (its label and keys,
 * disabled ones marked so), then the steps the find box would find. Pure, so the filtering is tested
 * without React.
 */
import type { CommandContext, EditorCommand } from '../commands/command.ts';
import { keyHint, type CommandRegistry } from '../commands/registry.ts';
import { searchSteps, stepIndex } from './step-search.ts';
import type { SearchItem } from './search-list.tsx';

/** Commands the palette does not offer: itself, and the keyboard's way into menus. */
const NOT_IN_PALETTE = new Set(['palette.open', 'menu.open']);

export const STEP_LIMIT = 20;

/** Every word of the query appears in the label, the hint or the key binding (case-insensitive). */
export function commandMatches(command: EditorCommand, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${command.label} ${command.short ?? ''} ${command.hint ?? ''} ${keyHint(command) ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export function paletteItems(registry: CommandRegistry, context: CommandContext, query: string): SearchItem[] {
  const commands: SearchItem[] = registry.all
    .filter((command) => !NOT_IN_PALETTE.has(command.id) && commandMatches(command, query))
    .map((command) => ({
      id: `command:${command.id}`,
      label: command.label,
      keys: keyHint(command),
      disabled: !registry.isEnabled(command, context),
      group: 'Commands',
    }));
  const version = context.store.version;
  const steps: SearchItem[] =
    version && query.trim()
      ? searchSteps(stepIndex(version), query, STEP_LIMIT).hits.map((hit) => ({
          id: `step:${hit.name}`,
          label: hit.displayName,
          detail: hit.name === 'trigger' ? 'Trigger' : hit.name,
          group: 'Steps',
        }))
      : [];
  // Enabled commands first: Enter on the first result runs something.
  const unavailable = commands.filter((item) => item.disabled).map((item) => ({ ...item, group: 'Not available now' }));
  return [...commands.filter((item) => !item.disabled), ...steps, ...unavailable];
}
