/**
 * The layout the canvas draws (issue #5): every node in absolute coordinates, top-to-bottom flow, and
 * every edge with the placement its '+' button sends as ADD_ACTION. Plain data, so it crosses from the
 * worker to the UI thread by structured clone.
 */
import type { StepName } from '../../domain/flow/types.ts';

export type LayoutNodeKind = 'trigger' | 'step' | 'loop-container' | 'branch-lane' | 'empty-drop';

export interface LayoutNode {
  /** A step's name, 'trigger', or a derived id (`step_3:container`, `step_4:lane:1`, `step_3:empty`). */
  id: string;
  kind: LayoutNodeKind;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The loop or router this node belongs to (steps inside a body or branch, containers, lanes, drops). */
  parentStep?: StepName;
  /** The branch of `parentStep` (router) this node belongs to. */
  branchIndex?: number;
  /** A lane's branch name ('Branch 1', 'Otherwise'). */
  label?: string;
}

export type InsertLocation = 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH';

export interface InsertAt {
  parentStep: StepName | 'trigger';
  location: InsertLocation;
  branchIndex?: number;
}

export type LayoutEdgeKind = 'next' | 'loop-entry' | 'branch-entry';

export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
  kind: LayoutEdgeKind;
  insertAt: InsertAt;
}

export interface FlowLayout {
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  /**
   * The trigger is centred on x = 0 and every chain hangs on that axis, so an edit never moves what lies
   * above it (a wider flow grows to both sides instead of shifting everything right). `minX` is the left
   * edge of the bounding box (≤ 0); `width`/`height` its size; the top is y = 0.
   */
  minX: number;
  width: number;
  height: number;
}

/** Fixed sizes: the canvas draws every step as the same card, which is what makes arithmetic layout exact. */
export const NODE_WIDTH = 260;
export const NODE_HEIGHT = 64;
/** Room between rows for the edge and its '+' button. */
export const ROW_GAP = 48;
/** Between neighbouring branch lanes. */
export const LANE_GAP = 40;
/** Inside loop containers and lanes, around their content. */
export const PADDING = 24;
/** A lane's label strip above its content. */
export const LABEL_HEIGHT = 32;
export const EMPTY_WIDTH = 260;
export const EMPTY_HEIGHT = 48;
