/**
 * The canvas's nodes and edges in React Flow's shape, kept up to date from the worker's layout deltas.
 * Only what a delta names is rebuilt: every other node and edge object stays the same, so React Flow
 * skips it (it compares node objects by identity) and an edit costs in proportion to what moved.
 * A node's or edge's React Flow object is built when the canvas first shows it (`canvasNode`,
 * `edgesNear`): React Flow is given only a window around the view (view-window.ts), so an open builds a
 * few hundred, not one per step.
 *
 * Step names, marks and statuses are not here: node components read them from the store's mirror, so a
 * rename re-renders one card and sends no layout at all.
 *
 * Edges draw from coordinates computed here, not from React Flow's handle positions: a loop's or a
 * router's next step hangs below its container or lanes, and a branch enters its lane from above with an
 * elbow. Each node declares its handles (`handles`, `measured`), so React Flow never needs to measure a
 * card to draw its edges, even for cards it has not rendered.
 */
import { action, makeObservable, observable, observableRef } from 'mobx';
import type { Edge, Node, NodeHandle } from '@xyflow/react';
import type { InsertAt, LayoutDelta, LayoutEdge, LayoutNode } from '../../../../worker/index.ts';

export type CanvasNodeData = { layout: LayoutNode };
export type CanvasNode = Node<CanvasNodeData>;

export interface CanvasEdgeData extends Record<string, unknown> {
  kind: LayoutEdge['kind'];
  insertAt: InsertAt;
  /** The path's points: vertical, or an elbow for a branch entry. */
  points: [number, number][];
  /** Where the '+' button sits; null where the target already offers one (an empty loop or branch). */
  button: [number, number] | null;
}
export type CanvasEdge = Edge<CanvasEdgeData>;

const HANDLE = 1;
/** Slack around an edge's ends' boxes when judging whether it may cross the window (a branch's elbow falls between them). */
const EDGE_MARGIN = 32;

/** A node size's handles and measured size, shared by all nodes of that size (50,000 cards, one size): React Flow only reads them. */
interface SizeParts {
  handles: NodeHandle[];
  measured: { width: number; height: number };
}
const partsBySize = new Map<string, SizeParts>();

function sizeParts(width: number, height: number): SizeParts {
  const key = `${width}x${height}`;
  let parts = partsBySize.get(key);
  if (!parts) {
    parts = {
      handles: [
        { id: null, type: 'target', position: 'top' as NodeHandle['position'], x: width / 2, y: 0, width: HANDLE, height: HANDLE },
        { id: null, type: 'source', position: 'bottom' as NodeHandle['position'], x: width / 2, y: height, width: HANDLE, height: HANDLE },
      ],
      measured: { width, height },
    };
    if (partsBySize.size < 64) partsBySize.set(key, parts);
  }
  return parts;
}

/** A loop's container or a router's first lane: its step's 'next' edge starts below it. */
const hangsBelow = (node: LayoutNode): boolean =>
  node.kind === 'loop-container' || (node.kind === 'branch-lane' && (node.branchIndex ?? 0) === 0);

/** Containers and lanes sit under the cards; only steps and the trigger can be selected or dragged. */
const Z_INDEX: Record<LayoutNode['kind'], number> = { 'loop-container': 0, 'branch-lane': 0, 'empty-drop': 1, step: 2, trigger: 2 };

function toCanvasNode(layout: LayoutNode): CanvasNode {
  const isCard = layout.kind === 'step' || layout.kind === 'trigger';
  const { handles, measured } = sizeParts(layout.width, layout.height);
  return {
    id: layout.id,
    type: layout.kind,
    position: { x: layout.x, y: layout.y },
    width: layout.width,
    height: layout.height,
    measured,
    handles,
    data: { layout },
    draggable: layout.kind === 'step',
    selectable: false,
    connectable: false,
    focusable: isCard,
    zIndex: Z_INDEX[layout.kind],
    ariaLabel: undefined,
  };
}

export class CanvasModel {
  /** Bumped once per applied delta: the canvas re-reads `nodes` and `edges` then. */
  revision = 0;
  /** True once the first layout of the open version arrived. */
  ready = false;
  bounds = { minX: 0, width: 0, height: 0 };

  private readonly layoutEdges = new Map<string, LayoutEdge>();
  /** Every node's layout by id. */
  private readonly layoutNodes = new Map<string, LayoutNode>();
  /** React Flow's object for a layout, built on first use; a moved node's new layout gets a new one. */
  private readonly built = new WeakMap<LayoutNode, CanvasNode>();
  /** A loop's or router's step → its container or first lane (`bottomOf`). */
  private readonly below = new Map<string, LayoutNode>();
  /** React Flow's object for an edge, built on first use and dropped when a delta moves one of its ends. */
  private readonly edgeObjects = new Map<string, CanvasEdge>();
  /** Edges by the nodes their geometry depends on (source, target, the source's container or lanes). */
  private readonly edgesByNode = new Map<string, Set<string>>();
  /** False after a whole layout until a change needs `edgesByNode` (indexEdges). */
  private edgesIndexed = true;
  private layoutArray: LayoutNode[] = [];

  constructor() {
    makeObservable(this, { revision: observable, ready: observable, bounds: observableRef, apply: action, reset: action });
  }

  /** Every node's layout, in the layout's order: what the canvas picks its window from, and the minimap draws. */
  get layouts(): readonly LayoutNode[] {
    return this.layoutArray;
  }

  /** Every node as React Flow's object (built now for those not yet shown): for tests; the canvas takes its window. */
  get nodes(): CanvasNode[] {
    return this.layoutArray.map((layout) => this.canvasNode(layout));
  }

  canvasNode(layout: LayoutNode): CanvasNode {
    let node = this.built.get(layout);
    if (!node) this.built.set(layout, (node = toCanvasNode(layout)));
    return node;
  }

  /** Every edge as React Flow's object (built now for those not yet shown): for tests; the canvas asks `edgesNear`. */
  get edges(): CanvasEdge[] {
    const edges: CanvasEdge[] = [];
    for (const edge of this.layoutEdges.values()) {
      const built = this.canvasEdge(edge);
      if (built) edges.push(built);
    }
    return edges;
  }

  /**
   * The edges whose path may cross `window`, judged from the boxes of their ends: a path runs from its
   * source's card (or the bottom of its container or lanes, which its target lies below) to its target's,
   * between the two (`buildEdge`). Only those are built; view-window's `edgesIn` then checks their points.
   */
  edgesNear(window: { left: number; top: number; right: number; bottom: number }): CanvasEdge[] {
    const near: CanvasEdge[] = [];
    for (const edge of this.layoutEdges.values()) {
      const source = this.layoutNodes.get(edge.source);
      const target = this.layoutNodes.get(edge.target);
      if (!source || !target) continue;
      const top = Math.min(source.y, target.y) - EDGE_MARGIN;
      const bottom = Math.max(source.y + source.height, target.y + target.height) + EDGE_MARGIN;
      const left = Math.min(source.x, target.x);
      const right = Math.max(source.x + source.width, target.x + target.width);
      if (left > window.right || right < window.left || top > window.bottom || bottom < window.top) continue;
      const built = this.canvasEdge(edge);
      if (built) near.push(built);
    }
    return near;
  }

  private canvasEdge(edge: LayoutEdge): CanvasEdge | null {
    const cached = this.edgeObjects.get(edge.id);
    if (cached) return cached;
    const built = this.buildEdge(edge);
    if (built) this.edgeObjects.set(edge.id, built);
    return built;
  }

  nodeById(id: string): CanvasNode | undefined {
    const layout = this.layoutNodes.get(id);
    return layout && this.canvasNode(layout);
  }

  layoutOf(id: string): LayoutNode | undefined {
    return this.layoutNodes.get(id);
  }

  /** Step names in the order the layout lists them (flow order within each chain). */
  stepIds(): string[] {
    const ids: string[] = [];
    for (const node of this.layoutNodes.values()) if (node.kind === 'step') ids.push(node.id);
    return ids;
  }

  reset(): void {
    this.clear();
    this.layoutArray = [];
    this.ready = false;
    this.revision++;
  }

  apply(delta: LayoutDelta): void {
    if (delta.full) return this.applyWhole(delta);
    this.indexEdges();
    const touched = new Set<string>();
    for (const id of delta.removedNodes) {
      const removed = this.layoutOf(id);
      if (removed?.parentStep && this.below.get(removed.parentStep) === removed) this.below.delete(removed.parentStep);
      this.layoutNodes.delete(id);
      touched.add(id);
    }
    for (const node of delta.nodes) {
      this.setNode(node);
      touched.add(node.id);
      // A container or lane changing moves where its step's next edge starts.
      if ((node.kind === 'loop-container' || node.kind === 'branch-lane') && node.parentStep) touched.add(node.parentStep);
    }
    for (const id of delta.removedEdges) this.dropEdge(id);
    for (const edge of delta.edges) {
      this.dropEdge(edge.id);
      this.layoutEdges.set(edge.id, edge);
      for (const node of this.dependsOn(edge)) {
        let set = this.edgesByNode.get(node);
        if (!set) this.edgesByNode.set(node, (set = new Set()));
        set.add(edge.id);
      }
      touched.add(`edge:${edge.id}`);
    }
    const rebuild = new Set<string>();
    for (const id of touched) {
      if (id.startsWith('edge:')) rebuild.add(id.slice(5));
      else for (const edgeId of this.edgesByNode.get(id) ?? []) rebuild.add(edgeId);
    }
    // Built again when next shown.
    for (const id of rebuild) this.edgeObjects.delete(id);
    if (delta.nodes.length > 0 || delta.removedNodes.length > 0) this.layoutArray = [...this.layoutNodes.values()];
    const moved = delta.nodes.length > 0 || delta.removedNodes.length > 0 || rebuild.size > 0 || delta.removedEdges.length > 0;
    this.settle(delta, moved);
  }

  /**
   * A whole layout (a version opened): kept without the bookkeeping of what a change touched, and the
   * edges-by-node index left for the first change to build (`indexEdges`). At 50,000 steps that
   * bookkeeping was a third of the open's last step; building every node's and edge's React Flow object,
   * now left to `canvasNode` and `edgesNear` for what the canvas shows, was most of what remained.
   */
  private applyWhole(delta: LayoutDelta): void {
    this.clear();
    this.edgesIndexed = false;
    for (const node of delta.nodes) this.setNode(node);
    for (const edge of delta.edges) this.layoutEdges.set(edge.id, edge);
    this.layoutArray = [...this.layoutNodes.values()];
    this.settle(delta, true);
  }

  private setNode(node: LayoutNode): void {
    this.layoutNodes.set(node.id, node);
    if (node.parentStep && hangsBelow(node)) this.below.set(node.parentStep, node);
  }

  private clear(): void {
    this.layoutEdges.clear();
    this.layoutNodes.clear();
    this.below.clear();
    this.edgeObjects.clear();
    this.edgesByNode.clear();
    this.edgesIndexed = true;
  }

  private settle(delta: LayoutDelta, moved: boolean): void {
    const { minX, width, height } = this.bounds;
    if (minX !== delta.minX || width !== delta.width || height !== delta.height) this.bounds = { minX: delta.minX, width: delta.width, height: delta.height };
    this.ready = true;
    // Nothing moved: no re-render of the canvas, the minimap or the cards.
    if (moved) this.revision++;
  }

  /** Which edges start or end at each node, built when a change first needs it. */
  private indexEdges(): void {
    if (this.edgesIndexed) return;
    this.edgesIndexed = true;
    for (const edge of this.layoutEdges.values()) {
      for (const node of this.dependsOn(edge)) {
        let set = this.edgesByNode.get(node);
        if (!set) this.edgesByNode.set(node, (set = new Set()));
        set.add(edge.id);
      }
    }
  }

  private dropEdge(id: string): void {
    const edge = this.layoutEdges.get(id);
    if (!edge) return;
    for (const node of this.dependsOn(edge)) this.edgesByNode.get(node)?.delete(id);
    this.layoutEdges.delete(id);
    this.edgeObjects.delete(id);
  }

  private dependsOn(edge: LayoutEdge): string[] {
    return [edge.source, edge.target];
  }

  /** Where a step's 'next' edge starts: below its loop container or router lanes, else its card. */
  private bottomOf(id: string): number | null {
    const node = this.layoutOf(id);
    if (!node) return null;
    const below = this.below.get(id);
    return below ? below.y + below.height : node.y + node.height;
  }

  private buildEdge(edge: LayoutEdge): CanvasEdge | null {
    const source = this.layoutOf(edge.source);
    const target = this.layoutOf(edge.target);
    if (!source || !target) return null;
    const sx = source.x + source.width / 2;
    const tx = target.x + target.width / 2;
    const ty = target.y;
    let points: [number, number][];
    let button: [number, number] | null;
    if (edge.kind === 'next') {
      const sy = this.bottomOf(edge.source) ?? source.y + source.height;
      points = [
        [sx, sy],
        [tx, ty],
      ];
      button = [tx, (sy + ty) / 2];
    } else if (edge.kind === 'branch-entry') {
      const sy = source.y + source.height;
      const lane = this.layoutOf(`${edge.source}:lane:${edge.insertAt.branchIndex ?? 0}`);
      const elbow = lane ? (sy + lane.y) / 2 : sy + 24;
      points = [
        [sx, sy],
        [sx, elbow],
        [tx, elbow],
        [tx, ty],
      ];
      button = target.kind === 'empty-drop' ? null : [tx, ty - 16];
    } else {
      const sy = source.y + source.height;
      points = [
        [sx, sy],
        [tx, ty],
      ];
      button = target.kind === 'empty-drop' ? null : [tx, ty - 16];
    }
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      type: 'flow',
      selectable: false,
      focusable: false,
      data: { kind: edge.kind, insertAt: edge.insertAt, points, button },
    };
  }
}
