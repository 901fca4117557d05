/**
 * The editor's keyboard: a key press outside a field runs the command bound to it in the registry
 * (commands/), so the keys, the buttons and the shortcuts list cannot disagree. Keys typed into a field
 * (the settings panel, a dialog) are the field's own and never reach these; so is a plain Enter on a
 * button or a link, which activates it.
 */
import { useEffect } from 'react';
import type { CommandContext } from './commands/command.ts';
import type { CommandRegistry } from './commands/registry.ts';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="alertdialog"]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

function activatesControl(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return false;
  return event.target instanceof HTMLElement && event.target.closest('button, a') !== null;
}

/** Dispatches one key press; answers the command that took it, if any (exported for tests). */
export function dispatchEditorKey(registry: CommandRegistry, context: CommandContext, event: KeyboardEvent): string | null {
  if (event.defaultPrevented || isTypingTarget(event.target) || activatesControl(event)) return null;
  const command = registry.forKey(event);
  if (!command) return null;
  const enabled = registry.isEnabled(command, context);
  if ((enabled || command.claimsKey) && !command.keepsDefault) event.preventDefault();
  if (!enabled) return null;
  registry.run(command, context);
  return command.id;
}

export function useEditorShortcuts(registry: CommandRegistry, context: CommandContext): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => void dispatchEditorKey(registry, context, event);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [registry, context]);
}
