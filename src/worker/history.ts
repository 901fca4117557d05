/**
 * Undo/redo history of one workflow version (SPEC §4: at most 20 entries, a new edit drops the redo part).
 *
 * An entry keeps immer patches instead of the SPEC §3 before/after states: a flow may hold thousands of
 * steps, and 20 whole copies of it would not fit the browser's storage, while patches only hold what
 * changed. Undo applies `inversePatches`, redo applies `patches` (the caller does that: this module only
 * keeps the stacks, so it stays pure and testable with a tiny fixture).
 *
 * Grouping follows ProseMirror's history: consecutive edits with the same `groupKey` (one field being
 * typed into, e.g. `update:step_3:settings.input.url`) less than `groupWindowMs` apart merge into one
 * entry, so one undo reverts a whole typing burst. Merging appends the new patches and prepends the new
 * inverse patches, which keeps "apply inverse after patches = identity". Undo, redo and `breakGroup()`
 * (field blur, a different gesture) close the open group.
 *
 * Marks follow tldraw's HistoryManager (`mark`, `squashToMark`, `bailToMark`): a gesture (a drag, a
 * dialog) calls `beginMark`, its edits are pushed and saved as they happen, and `commitMark` squashes
 * every entry pushed since the mark into one, so one undo reverts the whole gesture; `cancelMark` removes
 * them and hands back the inverse patches that return the document to the mark. A mark is only the
 * stack's length when it began: nothing is copied, and squashing concatenates the entries' patches, so
 * its cost is that of the edits it groups. Marks nest (closing an outer mark closes the inner ones); an
 * undo or redo while a mark is open first commits it, so the gesture so far is undone as one entry.
 *
 * The state is plain data (`toJSON` / `restoreHistory`), so it is persisted per version and comes back
 * after a reload; a restored history never continues an old group, and marks are not kept (a gesture
 * interrupted by a reload leaves its entries separate).
 */
import type { Patch } from 'immer';
import * as z from 'zod/mini';

export const HISTORY_CAPACITY = 20;
export const HISTORY_GROUP_WINDOW_MS = 1000;

export interface HistoryEntry<TOperation = unknown> {
  id: string;
  /** When the entry was created (the first edit of a merged group). */
  timestamp: number;
  /** When its last edit happened: grouping measures the pause from here, as ProseMirror does. */
  updatedAt: number;
  description: string;
  /** The latest operation of the entry (for a typing burst, the one carrying the final value). */
  operation: TOperation;
  patches: Patch[];
  inversePatches: Patch[];
  groupKey?: string;
}

/** What an edit hands to the history; ids and times are the history's business. */
export interface HistoryEdit<TOperation = unknown> {
  description: string;
  operation: TOperation;
  patches: Patch[];
  inversePatches: Patch[];
  groupKey?: string;
}

export interface SerializedHistory<TOperation = unknown> {
  formatVersion: 1;
  /** Oldest first; the last one is undone first. */
  undo: HistoryEntry<TOperation>[];
  /** Oldest first; the last one is redone first. */
  redo: HistoryEntry<TOperation>[];
}

/** An open gesture: the entries above `base` (the undo stack's length when it began) become one. */
interface OpenMark {
  id: string;
  base: number;
  description: string | undefined;
}

export interface HistoryOptions {
  capacity?: number;
  groupWindowMs?: number;
  now?: () => number;
  newId?: () => string;
}

const patchSchema = z.object({
  op: z.enum(['add', 'remove', 'replace']),
  path: z.array(z.union([z.string(), z.number()])),
  value: z.optional(z.unknown()),
});

/** Storage is a trust boundary (another build may have written it): parse before use. */
export function historySchema<TOperation>(operation: z.ZodMiniType<TOperation>) {
  const entry = z.object({
    id: z.string(),
    timestamp: z.number(),
    updatedAt: z.number(),
    description: z.string(),
    operation,
    patches: z.array(patchSchema),
    inversePatches: z.array(patchSchema),
    groupKey: z.optional(z.string()),
  });
  return z.object({ formatVersion: z.literal(1), undo: z.array(entry), redo: z.array(entry) });
}

function defaultId(): string {
  return globalThis.crypto.randomUUID();
}

export class UndoHistory<TOperation = unknown> {
  private undoStack: HistoryEntry<TOperation>[] = [];
  private redoStack: HistoryEntry<TOperation>[] = [];
  /** True while the top undo entry may still absorb an edit with its group key. */
  private groupOpen = false;
  /** Open marks, outermost first. */
  private marks: OpenMark[] = [];
  private readonly capacity: number;
  private readonly groupWindowMs: number;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(options: HistoryOptions = {}, initial?: SerializedHistory<TOperation>) {
    this.capacity = Math.max(1, options.capacity ?? HISTORY_CAPACITY);
    this.groupWindowMs = options.groupWindowMs ?? HISTORY_GROUP_WINDOW_MS;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? defaultId;
    if (initial) {
      // A stored history written with a larger capacity keeps its newest entries only.
      this.undoStack = initial.undo.slice(-this.capacity);
      this.redoStack = initial.redo.slice(-this.capacity);
    }
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** The entry the next undo reverts (a gesture in progress is squashed first: then it is not this one). */
  get nextUndo(): HistoryEntry<TOperation> | undefined {
    return this.undoStack[this.undoStack.length - 1];
  }

  get nextRedo(): HistoryEntry<TOperation> | undefined {
    return this.redoStack[this.redoStack.length - 1];
  }

  get undoSize(): number {
    return this.undoStack.length;
  }

  get redoSize(): number {
    return this.redoStack.length;
  }

  /**
   * Records an edit. Returns the entry that now holds it (a merged one keeps its id), or undefined when
   * the edit changed nothing: a no-op neither becomes an entry nor drops the redo part.
   */
  push(edit: HistoryEdit<TOperation>): HistoryEntry<TOperation> | undefined {
    if (edit.patches.length === 0 && edit.inversePatches.length === 0) return undefined;
    const at = this.now();
    this.redoStack = [];
    const top = this.undoStack[this.undoStack.length - 1];
    if (
      top &&
      this.groupOpen &&
      edit.groupKey !== undefined &&
      top.groupKey === edit.groupKey &&
      at - top.updatedAt < this.groupWindowMs
    ) {
      const merged: HistoryEntry<TOperation> = {
        ...top,
        updatedAt: at,
        operation: edit.operation,
        patches: [...top.patches, ...edit.patches],
        inversePatches: [...edit.inversePatches, ...top.inversePatches],
      };
      this.undoStack[this.undoStack.length - 1] = merged;
      return merged;
    }
    const entry: HistoryEntry<TOperation> = {
      id: this.newId(),
      timestamp: at,
      updatedAt: at,
      description: edit.description,
      operation: edit.operation,
      patches: edit.patches,
      inversePatches: edit.inversePatches,
      ...(edit.groupKey !== undefined ? { groupKey: edit.groupKey } : {}),
    };
    this.undoStack.push(entry);
    this.trim();
    this.groupOpen = edit.groupKey !== undefined;
    return entry;
  }

  /** Whether a gesture is under way (a mark was begun and not yet committed or cancelled). */
  get inGesture(): boolean {
    return this.marks.length > 0;
  }

  /**
   * Opens a mark: what is pushed from now until `commitMark(id)` becomes one entry. The group of a typing
   * burst before it is closed, so the gesture's first edit never merges into it.
   */
  beginMark(id: string = this.newId(), description?: string): string {
    this.groupOpen = false;
    this.marks.push({ id, base: this.undoStack.length, description });
    return id;
  }

  /**
   * Squashes every entry pushed since the mark into one (the marks opened inside it close with it).
   * Returns false for a mark that is not open (committed, cancelled, cleared by undo or publish).
   */
  commitMark(id: string): boolean {
    const mark = this.closeMark(id);
    if (!mark) return false;
    this.squashFrom(mark.base, mark.description);
    this.groupOpen = false;
    this.trim();
    return true;
  }

  /**
   * Drops every entry pushed since the mark and returns the patches that revert them, newest first
   * (the caller applies them, as for an undo); empty when nothing was pushed or the mark is not open.
   * The redo part is not given back: the gesture's first edit dropped it, as any edit does.
   */
  cancelMark(id: string): Patch[] {
    const mark = this.closeMark(id);
    if (!mark) return [];
    const dropped = this.undoStack.splice(mark.base);
    this.groupOpen = false;
    const inverse: Patch[] = [];
    for (let i = dropped.length - 1; i >= 0; i--) for (const patch of dropped[i]!.inversePatches) inverse.push(patch);
    return inverse;
  }

  /** Moves the newest entry to the redo part and returns it; the caller applies its `inversePatches`. */
  undo(): HistoryEntry<TOperation> | undefined {
    this.commitOpenMarks();
    const entry = this.undoStack.pop();
    if (!entry) return undefined;
    this.groupOpen = false;
    this.redoStack.push(entry);
    return entry;
  }

  /** Moves the next redo entry back and returns it; the caller applies its `patches`. */
  redo(): HistoryEntry<TOperation> | undefined {
    this.commitOpenMarks();
    const entry = this.redoStack.pop();
    if (!entry) return undefined;
    this.groupOpen = false;
    this.undoStack.push(entry);
    return entry;
  }

  /** The next edit starts a new entry even if it has the same group key (blur, a new gesture). */
  breakGroup(): void {
    this.groupOpen = false;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.groupOpen = false;
    this.marks = [];
  }

  toJSON(): SerializedHistory<TOperation> {
    return { formatVersion: 1, undo: [...this.undoStack], redo: [...this.redoStack] };
  }

  /** Removes the mark and the marks opened after it; undefined when it is not open. */
  private closeMark(id: string): OpenMark | undefined {
    const index = this.marks.findIndex((mark) => mark.id === id);
    if (index < 0) return undefined;
    const mark = this.marks[index]!;
    this.marks.length = index;
    return mark;
  }

  private commitOpenMarks(): void {
    const outer = this.marks[0];
    if (outer) this.commitMark(outer.id);
  }

  /** One entry for everything above `base`: patches in order, inverse patches newest first. */
  private squashFrom(base: number, description: string | undefined): void {
    const entries = this.undoStack.splice(base);
    const first = entries[0];
    const last = entries[entries.length - 1];
    if (!first || !last) return;
    const patches: Patch[] = [];
    const inversePatches: Patch[] = [];
    for (const entry of entries) for (const patch of entry.patches) patches.push(patch);
    for (let i = entries.length - 1; i >= 0; i--) for (const patch of entries[i]!.inversePatches) inversePatches.push(patch);
    this.undoStack.push({
      id: first.id,
      timestamp: first.timestamp,
      updatedAt: last.updatedAt,
      description: description ?? (entries.length === 1 ? first.description : `${first.description} (+${entries.length - 1})`),
      operation: last.operation,
      patches,
      inversePatches,
    });
  }

  /**
   * Keeps at most `capacity` entries, dropping the oldest. Not while a gesture is open: it becomes one
   * entry when it commits (and is trimmed then), and a cancel must find every entry it reverts.
   */
  private trim(): void {
    if (this.marks.length > 0) return;
    const excess = this.undoStack.length - this.capacity;
    if (excess > 0) this.undoStack.splice(0, excess);
  }
}

/**
 * Rebuilds a history from stored data. Anything unreadable (older format, corrupt record) gives an empty
 * history: losing undo steps is better than refusing to open the editor.
 */
export function restoreHistory<TOperation>(
  stored: unknown,
  operation: z.ZodMiniType<TOperation>,
  options: HistoryOptions = {},
): UndoHistory<TOperation> {
  if (stored === undefined || stored === null) return new UndoHistory<TOperation>(options);
  const parsed = historySchema(operation).safeParse(stored);
  if (!parsed.success) return new UndoHistory<TOperation>(options);
  return new UndoHistory<TOperation>(options, parsed.data as SerializedHistory<TOperation>);
}
