/**
 * The editor's commands in one place. Built once from the command modules; building refuses a
 * duplicate id and an ambiguous key binding (two commands on the same normalised chord in one scope),
 * so a conflict fails at start and in the unit tests, never as a key that does the wrong thing.
 */
import type { CommandContext, EditorCommand } from './command.ts';
import { chordId, chordIdOfEvent, compactChord, parseChord, type KeyEventLike } from './key-chords.ts';

export const DEFAULT_SCOPE = 'editor';

export class CommandRegistry {
  readonly all: readonly EditorCommand[];
  private readonly byId = new Map<string, EditorCommand>();
  /** scope → chord id → command */
  private readonly byChord = new Map<string, Map<string, EditorCommand>>();

  constructor(commands: readonly EditorCommand[]) {
    this.all = commands;
    for (const command of commands) {
      if (this.byId.has(command.id)) throw new Error(`Two editor commands have the id '${command.id}'`);
      this.byId.set(command.id, command);
      const scope = command.scope ?? DEFAULT_SCOPE;
      let chords = this.byChord.get(scope);
      if (!chords) this.byChord.set(scope, (chords = new Map()));
      for (const text of command.keys) {
        const id = chordId(parseChord(text));
        const taken = chords.get(id);
        if (taken && taken !== command) {
          throw new Error(`Ambiguous key binding ${compactChord(text)} in scope '${scope}': both '${taken.id}' and '${command.id}' claim it`);
        }
        chords.set(id, command);
      }
    }
  }

  get(id: string): EditorCommand {
    const command = this.byId.get(id);
    if (!command) throw new Error(`No editor command has the id '${id}'`);
    return command;
  }

  /** The command a key press is bound to in a scope, if any. */
  forKey(event: KeyEventLike, scope: string = DEFAULT_SCOPE): EditorCommand | undefined {
    return this.byChord.get(scope)?.get(chordIdOfEvent(event));
  }

  /** Allowed on this version (read-only filtering) and able to run now. */
  isEnabled(command: EditorCommand, context: CommandContext): boolean {
    return (command.allowedReadOnly || !context.store.readOnly) && command.canRun(context);
  }

  /** What a menu or the palette offers now: the commands allowed on this version, in registry order. */
  allowed(context: CommandContext): EditorCommand[] {
    return this.all.filter((command) => command.allowedReadOnly || !context.store.readOnly);
  }

  /** Runs the command if it is enabled; answers whether it ran. */
  run(commandOrId: EditorCommand | string, context: CommandContext): boolean {
    const command = typeof commandOrId === 'string' ? this.get(commandOrId) : commandOrId;
    if (!this.isEnabled(command, context)) return false;
    void Promise.resolve(command.run(context)).catch((error: unknown) => console.error(`The command '${command.id}' failed`, error));
    return true;
  }
}

/** The first key binding as a tooltip writes it ('Ctrl/Cmd+Z'); null for a command without keys. */
export function keyHint(command: EditorCommand): string | null {
  const first = command.keys[0];
  return first ? compactChord(first) : null;
}

/** A tooltip: the label and the first key binding, 'Undo (Ctrl/Cmd+Z)'. */
export function commandTitle(command: EditorCommand, label: string = command.label): string {
  const hint = keyHint(command);
  return hint ? `${label} (${hint})` : label;
}
