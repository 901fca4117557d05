/** The open editor's command context (store and screen services), for controls deep in the canvas. */
import { createContext, useContext } from 'react';
import type { CommandContext } from './command.ts';

export const EditorCommandContext = createContext<CommandContext | null>(null);

export function useCommandContext(): CommandContext {
  const context = useContext(EditorCommandContext);
  if (!context) throw new Error('useCommandContext outside the editor');
  return context;
}
