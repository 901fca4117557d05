/**
 * The canvas layout as the UI receives it: deltas, not whole layouts. The worker lays the flow out with
 * the per-chain cache (layout/), compares the result with what it last sent and posts only the nodes and
 * edges that appeared, moved or changed, and the ids that went away. A rename sends nothing (names are
 * not layout: the UI reads them from its mirror); an ADD in the middle of a chain sends the new card and
 * the cards below it that moved. The first layout of a version is sent whole.
 *
 * Layouts are computed one after another (ELK is asynchronous and `sent` must describe what the UI has),
 * so deltas reach the UI in order.
 *
 * Opening a large flow: the first layout of a version is placed with sums (`lanes: 'arithmetic'`, 38 ms
 * at 10,000 steps) so the canvas paints at once, and `onRefine` asks the UI for another layout, which ELK
 * then composes (about 1.2 s at 10,000 steps, yielding to edits meanwhile). The two agree for today's
 * fixed-size cards, so the refinement normally sends an empty delta; if they ever differ (cards of their
 * own size, edge routing), ELK's answer arrives as an ordinary delta.
 */
import type { FlatVersion } from '../domain/flow/index.ts';
import { createLayoutCache, layoutFlow, sameLayoutInputs, type LayoutCache, type LayoutCacheOptions } from './layout/index.ts';
import type { LaneComposition } from './layout/lanes.ts';
import type { FlowLayout, LayoutEdge, LayoutNode } from './layout/types.ts';

export interface LayoutDelta {
  versionId: string;
  /** A whole layout: the UI drops what it had. */
  full: boolean;
  nodes: LayoutNode[];
  removedNodes: string[];
  edges: LayoutEdge[];
  removedEdges: string[];
  minX: number;
  width: number;
  height: number;
}

const sameNode = (a: LayoutNode, b: LayoutNode): boolean =>
  a.x === b.x &&
  a.y === b.y &&
  a.width === b.width &&
  a.height === b.height &&
  a.kind === b.kind &&
  a.label === b.label &&
  a.parentStep === b.parentStep &&
  a.branchIndex === b.branchIndex;

const sameEdge = (a: LayoutEdge, b: LayoutEdge): boolean =>
  a.source === b.source &&
  a.target === b.target &&
  a.kind === b.kind &&
  a.insertAt.parentStep === b.insertAt.parentStep &&
  a.insertAt.location === b.insertAt.location &&
  a.insertAt.branchIndex === b.insertAt.branchIndex;

function diff<T extends { id: string }>(
  previous: Map<string, T>,
  next: readonly T[],
  same: (a: T, b: T) => boolean,
): { changed: T[]; removed: string[]; map: Map<string, T> } {
  const map = new Map<string, T>();
  const changed: T[] = [];
  for (const item of next) {
    map.set(item.id, item);
    const before = previous.get(item.id);
    if (!before || !same(before, item)) changed.push(item);
  }
  const removed: string[] = [];
  for (const id of previous.keys()) if (!map.has(id)) removed.push(id);
  return { changed, removed, map };
}

function wholeDelta(versionId: string, layout: FlowLayout): LayoutDelta {
  const { nodes, edges, minX, width, height } = layout;
  return { versionId, full: true, nodes, removedNodes: [], edges, removedEdges: [], minX, width, height };
}

/**
 * The first layout of a version, laid out by sums, as the whole delta `next` answers first: the UI lays
 * out a version it built itself from the server's bytes with this, while the worker records it as sent
 * (`assumeSent`), so 50,000 cards are neither laid out twice in a row nor cloned across.
 */
export async function firstLayoutDelta(version: FlatVersion): Promise<LayoutDelta> {
  return wholeDelta(version.id, await layoutFlow(version, createLayoutCache({ lanes: 'arithmetic' })));
}

export interface LayoutFeedOptions extends LayoutCacheOptions {
  /** Counts the layouts by sums (`counter` counts ELK's). */
  sumsCounter?: LayoutCacheOptions['counter'];
  /** Called when a layout by sums was sent and edits have paused: ask for `next()` again to get ELK's. */
  onRefine?: () => void;
  /** How long edits must pause before ELK's refinement is asked for (again); 200 ms by default. */
  editQuietMs?: number;
  /** Time for the pause (tests pass their own). */
  clock?: FeedClock;
  /** Awaited before each ELK composition (tests step in there). */
  beforeCompose?: () => Promise<void>;
}

export interface FeedClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: FeedClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Ends a refinement (before or during an ELK composition) when an edit came in since it was asked for. */
class RefinementGivenUp extends Error {}

export class LayoutFeed {
  private cache: LayoutCache;
  /** Sums for the first paint of a version; null when the main cache already uses sums. */
  private readonly quick: LayoutCache | null;
  private sentNodes = new Map<string, LayoutNode>();
  private sentEdges = new Map<string, LayoutEdge>();
  private sentVersionId: string | null = null;
  private sentBounds = { minX: 0, width: 0, height: 0 };
  private chain: Promise<unknown> = Promise.resolve();
  /** A layout computed before the UI asked (`prefetch`), handed over by the next `next` of that version. */
  private early: { version: FlatVersion; delta: Promise<LayoutDelta> } | null = null;

  /*
   * ELK's refinement gives way to editing. It runs in a thread of its own and takes seconds at 10,000
   * steps; the UI asks for one layout at a time, so an edit's layout used to wait until it finished, and
   * on a 2-core machine it took a core from the edits meanwhile. Now, while the layout the UI has is by
   * sums (`sentQuick`), only the refinement itself uses ELK: it is asked for once edits pause
   * (`editQuietMs`), gives up when an edit comes in, without waiting for the composition under way (the
   * first one loads ELK: a second), answering by sums (the compositions done stay cached), and is asked
   * for again at the next pause — of the version the UI then has, not an edit's layout taking its turn.
   */
  private sentQuick = false;
  private refineAsked = false;
  private refineAskedAt = Infinity;
  private refining = false;
  private refineScheduled = false;
  /** The version whose layout the UI has (with `sentVersionId`): a version that lays out alike is refined, or answered "nothing moved". */
  private sentVersion: FlatVersion | null = null;
  private onEdit: (() => void) | null = null;
  private lastEditAt = -Infinity;
  private readonly clock: FeedClock;

  constructor(private readonly options: LayoutFeedOptions = {}) {
    this.clock = options.clock ?? realClock;
    this.cache = createLayoutCache({ ...options, guard: (compose) => this.guardComposition(compose) });
    this.quick = options.lanes === 'arithmetic' ? null : createLayoutCache({ lanes: 'arithmetic', ...(options.sumsCounter ? { counter: options.sumsCounter } : {}) });
  }

  /** An edit arrived (the worker's API calls this first). */
  noteEdit(): void {
    this.lastEditAt = this.clock.now();
    this.onEdit?.();
  }

  private editedSinceAsked(): boolean {
    return this.lastEditAt > this.refineAskedAt;
  }

  private async guardComposition(compose: () => Promise<LaneComposition>): Promise<LaneComposition> {
    await this.options.beforeCompose?.();
    if (!this.refining) return compose();
    if (this.editedSinceAsked()) throw new RefinementGivenUp();
    const work = compose();
    work.catch(() => undefined);
    try {
      return await Promise.race([work, new Promise<never>((_, reject) => (this.onEdit = () => reject(new RefinementGivenUp())))]);
    } finally {
      this.onEdit = null;
    }
  }

  /** The delta from the last layout sent to the layout of `version`. */
  next(version: FlatVersion): Promise<LayoutDelta> {
    const early = this.early;
    this.early = null;
    if (early?.version === version) return early.delta.then((delta) => this.handOver(delta));
    // The UI never got the early layout: what it has is what it had before, so start again from whole.
    if (early) void this.enqueue(async () => void (this.sentVersionId = null));
    // The first layout asked for after `onRefine` is the refinement.
    const refine = this.refineAsked;
    this.refineAsked = false;
    return this.enqueue(() => this.compute(version, refine)).then((delta) => this.handOver(delta));
  }

  /**
   * Lays `version` out before the UI asks: right after an open, while the UI is still reading the open's
   * answer, so the first paint does not wait for the two one after the other.
   */
  prefetch(version: FlatVersion): void {
    const delta = this.enqueue(() => this.compute(version, false));
    delta.catch(() => undefined);
    this.early = { version, delta };
  }

  /**
   * The UI laid `version` out itself (`firstLayoutDelta`, the same code on the same version): record that
   * layout as sent, so the next delta builds on it, and ask for ELK's refinement.
   */
  assumeSent(version: FlatVersion): void {
    this.early = null;
    void this.enqueue(async () => {
      const layout = await layoutFlow(version, this.quick ?? this.cache);
      this.sentNodes = new Map(layout.nodes.map((node) => [node.id, node]));
      this.sentEdges = new Map(layout.edges.map((edge) => [edge.id, edge]));
      this.sentVersionId = version.id;
      this.sentBounds = { minX: layout.minX, width: layout.width, height: layout.height };
      this.sentVersion = version;
      this.sentQuick = this.quick !== null;
      if (this.sentQuick) this.askRefinementWhenQuiet();
    });
  }

  /** The next delta will be a whole layout (the UI lost its copy, e.g. it remounted). */
  reset(): void {
    this.early = null;
    // In the queue: a layout still being computed would otherwise record itself as sent afterwards.
    void this.enqueue(async () => void (this.sentVersionId = null));
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work);
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** A layout by sums asks for ELK's once the UI has it (asked before, the UI could take it first). */
  private handOver(delta: LayoutDelta): LayoutDelta {
    if (this.refinePending) {
      this.refinePending = false;
      this.askRefinementWhenQuiet();
    }
    return delta;
  }

  private refinePending = false;

  /** `onRefine` once no edit came for `editQuietMs`, counted from now at the earliest. */
  private askRefinementWhenQuiet(): void {
    if (this.refineScheduled) return;
    this.refineScheduled = true;
    const quietMs = this.options.editQuietMs ?? 200;
    const from = this.clock.now();
    const left = () => Math.max(this.lastEditAt, from) + quietMs - this.clock.now();
    queueMicrotask(async () => {
      for (let wait = left(); wait > 0; wait = left()) await this.clock.sleep(wait);
      this.refineScheduled = false;
      this.refineAsked = true;
      this.refineAskedAt = this.clock.now();
      this.options.onRefine?.();
    });
  }

  /** Nothing moved: the UI's layout is `version`'s too (it lays out alike); while that layout is by sums, ELK's is asked for again. */
  private unchanged(version: FlatVersion, askRefinementAgain: boolean): LayoutDelta {
    this.sentVersion = version;
    if (askRefinementAgain) this.refinePending = true;
    return { versionId: version.id, full: false, nodes: [], removedNodes: [], edges: [], removedEdges: [], ...this.sentBounds };
  }

  private async compute(version: FlatVersion, refine: boolean): Promise<LayoutDelta> {
    const full = this.sentVersionId !== version.id;
    // The UI has this version's layout already when nothing the layout reads changed since (a rename, settings).
    const laidOut = !full && this.sentVersion !== null && sameLayoutInputs(this.sentVersion, version);
    const refinable = refine && laidOut && !this.editedSinceAsked();
    // By sums: a version's first layout, and, while the UI's layout is by sums, all but the refinement.
    const bySums = this.quick !== null && (full || (this.sentQuick && !refinable));
    if (laidOut && !refinable) {
      // Laid out again, it would compare equal to what the UI has: 40 ms at 10,000 steps, in an edit's way.
      return this.unchanged(version, bySums);
    }
    let layout: FlowLayout;
    this.refining = !bySums && this.sentQuick;
    try {
      layout = await layoutFlow(version, bySums ? this.quick! : this.cache);
    } catch (error) {
      if (!(error instanceof RefinementGivenUp)) throw error;
      // The UI has this very version laid out by sums: nothing to send, so nothing to compute (a whole
      // layout and its comparison were 40-90 ms of this thread at 10,000 steps, in the way of the edit).
      return this.unchanged(version, true);
    } finally {
      this.refining = false;
    }
    if (this.quick) this.sentQuick = bySums;
    if (bySums) this.refinePending = true;
    if (full) {
      this.sentNodes = new Map();
      this.sentEdges = new Map();
    }
    const nodes = diff(this.sentNodes, layout.nodes, sameNode);
    const edges = diff(this.sentEdges, layout.edges, sameEdge);
    this.sentNodes = nodes.map;
    this.sentEdges = edges.map;
    this.sentVersionId = version.id;
    this.sentVersion = version;
    this.sentBounds = { minX: layout.minX, width: layout.width, height: layout.height };
    return {
      versionId: version.id,
      full,
      nodes: nodes.changed,
      removedNodes: nodes.removed,
      edges: edges.changed,
      removedEdges: edges.removed,
      minX: layout.minX,
      width: layout.width,
      height: layout.height,
    };
  }
}
