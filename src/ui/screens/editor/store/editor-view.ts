/**
 * The shapes of the editor's view state that the store holds and screens read: the panels, the step
 * picker, the canvas mode and an open history mark.
 */
import type { InsertAt } from '../../../../worker/index.ts';

/** The step picker, open at a '+' (its placement and where on screen the button was). */
export interface PickerState {
  insertAt: InsertAt;
  anchor: { left: number; top: number; bottom: number; right: number };
}

/** An open history mark (see `beginGesture`); closing it twice does nothing. */
export interface Gesture {
  commit(): Promise<void>;
  cancel(): Promise<void>;
}

export type LeftPanel = 'none' | 'runs' | 'versions' | 'run-details';
export type RightPanel = 'none' | 'piece-settings' | 'copilot';
export type CanvasMode = 'pan' | 'grab';

export const CANVAS_MODE_KEY = 'flowsmith:canvas-mode';
