/** The canvas layout (issue #5): see README.md for the strategy and the figures behind it. */
export { layoutFlow } from './layout-flow.ts';
export { createLayoutCache, newCounter, type LayoutCache, type LayoutCacheOptions, type LayoutCounter } from './cache.ts';
export type { FlowLayout, InsertAt, InsertLocation, LayoutEdge, LayoutEdgeKind, LayoutNode, LayoutNodeKind } from './types.ts';
export { EMPTY_HEIGHT, EMPTY_WIDTH, LABEL_HEIGHT, LANE_GAP, NODE_HEIGHT, NODE_WIDTH, PADDING, ROW_GAP } from './types.ts';
export { sameLayoutInputs } from './same-inputs.ts';
