/** The open editor's store, for the canvas's nodes and panels (React Flow renders nodes through its own tree). */
import { createContext, useContext } from 'react';
import type { EditorStore } from './editor-store.ts';

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore outside the editor');
  return store;
}
