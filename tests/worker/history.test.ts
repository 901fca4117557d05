import { describe, expect, it } from '@rstest/core';
import { applyPatches, enablePatches, produceWithPatches, type Draft } from 'immer';
import * as z from 'zod/mini';
import { HISTORY_CAPACITY, UndoHistory, restoreHistory, type HistoryEdit } from '../../src/worker/history.ts';

enablePatches();

interface Doc {
  steps: Record<string, { url: string; next?: string }>;
  order: string[];
}

type Op = { type: string; value?: string };

/** A tiny editor over a plain document: each edit is recorded the way the core will record it. */
function fixture(options: { now: () => number } = { now: () => 0 }) {
  let doc: Doc = { steps: { step_1: { url: '' } }, order: ['step_1'] };
  let ids = 0;
  const history = new UndoHistory<Op>({ now: options.now, newId: () => `h${++ids}` });
  const edit = (op: Op, recipe: (draft: Draft<Doc>) => void, groupKey?: string) => {
    const [next, patches, inversePatches] = produceWithPatches(doc, recipe);
    doc = next;
    const entry: HistoryEdit<Op> = { description: op.type, operation: op, patches, inversePatches };
    if (groupKey) entry.groupKey = groupKey;
    return history.push(entry);
  };
  const undo = () => {
    const entry = history.undo();
    if (entry) doc = applyPatches(doc, entry.inversePatches);
    return entry;
  };
  const redo = () => {
    const entry = history.redo();
    if (entry) doc = applyPatches(doc, entry.patches);
    return entry;
  };
  return { history, edit, undo, redo, doc: () => doc };
}

const typeInto = (value: string) => (d: Draft<Doc>) => {
  d.steps.step_1!.url = value;
};
const addStep = (name: string) => (d: Draft<Doc>) => {
  d.steps[name] = { url: '' };
  d.order.push(name);
};

describe('UndoHistory', () => {
  it('undoes and redoes exactly, restoring the same document', () => {
    const f = fixture();
    const start = f.doc();
    f.edit({ type: 'add' }, addStep('step_2'));
    f.edit({ type: 'add' }, addStep('step_3'));
    const end = f.doc();
    f.undo();
    f.undo();
    expect(f.doc()).toEqual(start);
    expect(f.history.canUndo).toBe(false);
    f.redo();
    f.redo();
    expect(f.doc()).toEqual(end);
    expect(f.history.canRedo).toBe(false);
  });

  it(`keeps at most ${HISTORY_CAPACITY} entries, dropping the oldest`, () => {
    const f = fixture();
    for (let i = 0; i < 25; i++) f.edit({ type: `add ${i}` }, addStep(`s${i}`));
    expect(f.history.undoSize).toBe(HISTORY_CAPACITY);
    const descriptions: string[] = [];
    while (f.history.canUndo) descriptions.push(f.undo()!.description);
    expect(descriptions[0]).toBe('add 24');
    expect(descriptions.at(-1)).toBe('add 5');
    // The five oldest steps stay: their entries were dropped.
    expect(f.doc().order).toEqual(['step_1', 's0', 's1', 's2', 's3', 's4']);
  });

  it('drops the redo part on a new edit', () => {
    const f = fixture();
    f.edit({ type: 'a' }, addStep('a'));
    f.edit({ type: 'b' }, addStep('b'));
    f.undo();
    expect(f.history.canRedo).toBe(true);
    f.edit({ type: 'c' }, addStep('c'));
    expect(f.history.canRedo).toBe(false);
    expect(f.doc().order).toEqual(['step_1', 'a', 'c']);
  });

  it('ignores an edit that changed nothing, keeping the redo part', () => {
    const f = fixture();
    f.edit({ type: 'a' }, addStep('a'));
    f.undo();
    expect(f.edit({ type: 'noop' }, () => {})).toBeUndefined();
    expect(f.history.canRedo).toBe(true);
  });

  it('merges typing in one field within a second into one entry that one undo reverts', () => {
    let now = 1_000;
    const f = fixture({ now: () => now });
    const key = 'update:step_1:settings.input.url';
    const before = f.doc();
    const first = f.edit({ type: 'update', value: 'h' }, typeInto('h'), key);
    for (const value of ['ht', 'htt', 'http', 'https']) {
      now += 400; // each key within a second of the previous one, the burst itself longer than a second
      const merged = f.edit({ type: 'update', value }, typeInto(value), key);
      expect(merged?.id).toBe(first?.id);
    }
    expect(f.history.undoSize).toBe(1);
    const entry = f.history.toJSON().undo[0]!;
    expect(entry.operation).toEqual({ type: 'update', value: 'https' });
    expect(entry.timestamp).toBe(1_000);
    expect(entry.updatedAt).toBe(2_600);
    // The merged patches replay the burst, the merged inverse patches revert all of it.
    expect(applyPatches(before, entry.patches)).toEqual(f.doc());
    expect(applyPatches(f.doc(), entry.inversePatches)).toEqual(before);
    f.undo();
    expect(f.doc()).toEqual(before);
    f.redo();
    expect(f.doc().steps.step_1!.url).toBe('https');
  });

  it('merged inverse patches run newest first (an add then an edit of the added value)', () => {
    const f = fixture();
    const before = f.doc();
    const key = 'k';
    f.edit({ type: 'a' }, addStep('x'), key);
    f.edit({ type: 'b' }, (d) => {
      d.steps.x!.url = 'changed';
      d.order.reverse();
    }, key);
    expect(f.history.undoSize).toBe(1);
    f.undo();
    expect(f.doc()).toEqual(before);
  });

  it('starts a new entry after a pause of a second, another field, breakGroup, undo or redo', () => {
    let now = 0;
    const f = fixture({ now: () => now });
    f.edit({ type: 'u' }, typeInto('a'), 'k1');
    now += 1000;
    f.edit({ type: 'u' }, typeInto('ab'), 'k1');
    expect(f.history.undoSize).toBe(2);
    f.edit({ type: 'u' }, typeInto('abc'), 'k2');
    expect(f.history.undoSize).toBe(3);
    f.history.breakGroup();
    f.edit({ type: 'u' }, typeInto('abcd'), 'k2');
    expect(f.history.undoSize).toBe(4);
    f.undo();
    f.edit({ type: 'u' }, typeInto('abcX'), 'k2');
    expect(f.history.undoSize).toBe(4);
    f.edit({ type: 'u' }, typeInto('abcXY'), 'k2');
    expect(f.history.undoSize).toBe(4); // merged with the edit made right after the undo
    f.edit({ type: 'add' }, addStep('z'));
    f.edit({ type: 'u' }, typeInto('other'), 'k2');
    expect(f.history.undoSize).toBe(6); // an ungrouped edit in between closes the group
  });

  it('round-trips through JSON and keeps working after a restore', () => {
    const f = fixture();
    f.edit({ type: 'a' }, addStep('a'));
    f.edit({ type: 'b' }, addStep('b'));
    f.undo();
    const stored = JSON.parse(JSON.stringify(f.history.toJSON())) as unknown;
    const opSchema = z.object({ type: z.string(), value: z.optional(z.string()) });
    const restored = restoreHistory(stored, opSchema);
    expect(restored.toJSON()).toEqual(f.history.toJSON());
    let doc = f.doc();
    const redone = restored.redo()!;
    doc = applyPatches(doc, redone.patches);
    expect(doc.order).toEqual(['step_1', 'a', 'b']);
    const undone = restored.undo()!;
    doc = applyPatches(doc, undone.inversePatches);
    expect(doc.order).toEqual(['step_1', 'a']);
  });

  it('restores an empty history from missing or corrupt data', () => {
    const opSchema = z.object({ type: z.string() });
    expect(restoreHistory(undefined, opSchema).canUndo).toBe(false);
    expect(restoreHistory({ formatVersion: 99, undo: [], redo: [] }, opSchema).canUndo).toBe(false);
    expect(restoreHistory({ formatVersion: 1, undo: [{ id: 1 }], redo: [] }, opSchema).canUndo).toBe(false);
  });
});
