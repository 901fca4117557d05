/**
 * History marks (tldraw's mark / squashToMark / bailToMark): a gesture's edits become one undo entry on
 * commit, are reverted on cancel, nest, and an unfinished gesture never leaves the history in a state
 * undo cannot handle. Pure history on a tiny document, as history.test.ts does.
 */
import { describe, expect, it } from '@rstest/core';
import { applyPatches, enablePatches, produceWithPatches, type Draft } from 'immer';
import { UndoHistory } from '../../src/worker/history.ts';

enablePatches();

interface Doc {
  url: string;
  order: string[];
}

function fixture(capacity?: number) {
  let doc: Doc = { url: '', order: [] };
  let ids = 0;
  const history = new UndoHistory<string>({ now: () => 0, newId: () => `h${++ids}`, ...(capacity ? { capacity } : {}) });
  const edit = (recipe: (draft: Draft<Doc>) => void, groupKey?: string) => {
    const [next, patches, inversePatches] = produceWithPatches(doc, recipe);
    doc = next;
    return history.push({ description: 'edit', operation: 'op', patches, inversePatches, ...(groupKey ? { groupKey } : {}) });
  };
  const add = (name: string) => edit((d) => void d.order.push(name));
  const type = (url: string) => edit((d) => void (d.url = url), 'url');
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
  const cancel = (id: string) => {
    doc = applyPatches(doc, history.cancelMark(id));
  };
  return { history, add, type, undo, redo, cancel, doc: () => doc };
}

describe('history marks', () => {
  it('squashes a committed gesture into one entry that undoes and redoes all of it', () => {
    const f = fixture();
    f.add('a');
    const before = f.doc();
    const mark = f.history.beginMark('drag', 'Move a step');
    f.add('b');
    f.add('c');
    f.type('https://x');
    expect(f.history.commitMark(mark)).toBe(true);
    const after = f.doc();
    expect(f.history.undoSize).toBe(2);
    expect(f.undo()?.description).toBe('Move a step');
    expect(f.doc()).toEqual(before);
    f.redo();
    expect(f.doc()).toEqual(after);
    f.undo();
    f.undo();
    expect(f.doc()).toEqual({ url: '', order: [] });
  });

  it('cancel reverts the gesture and leaves the history as it was before it', () => {
    const f = fixture();
    f.add('a');
    const before = f.doc();
    const mark = f.history.beginMark('dialog');
    f.add('b');
    f.type('https://x');
    f.cancel(mark);
    expect(f.doc()).toEqual(before);
    expect(f.history.undoSize).toBe(1);
    expect(f.history.inGesture).toBe(false);
    f.undo();
    expect(f.doc()).toEqual({ url: '', order: [] });
  });

  it('a gesture with no edit leaves no entry and keeps the redo part', () => {
    const f = fixture();
    f.add('a');
    f.undo();
    const mark = f.history.beginMark('click');
    expect(f.history.commitMark(mark)).toBe(true);
    expect(f.history.undoSize).toBe(0);
    expect(f.history.canRedo).toBe(true);
    const other = f.history.beginMark('nothing');
    expect(f.history.cancelMark(other)).toEqual([]);
    expect(f.history.canRedo).toBe(true);
  });

  it('does not merge the gesture into a typing burst before it, nor typing after it into the gesture', () => {
    const f = fixture();
    f.type('h');
    const mark = f.history.beginMark('m');
    f.type('ht');
    f.type('htt'); // merges with 'ht' inside the gesture
    f.history.commitMark(mark);
    f.type('http');
    expect(f.history.undoSize).toBe(3);
    f.undo();
    expect(f.doc().url).toBe('htt');
    f.undo();
    expect(f.doc().url).toBe('h');
  });

  it('nests: an inner commit is part of the outer gesture, closing the outer closes the inner', () => {
    const f = fixture();
    const outer = f.history.beginMark('outer');
    f.add('a');
    const inner = f.history.beginMark('inner');
    f.add('b');
    f.history.commitMark(inner);
    f.add('c');
    const forgotten = f.history.beginMark('never closed');
    f.add('d');
    expect(f.history.commitMark(outer)).toBe(true);
    expect(f.history.commitMark(forgotten)).toBe(false); // closed with the outer one
    expect(f.history.inGesture).toBe(false);
    expect(f.history.undoSize).toBe(1);
    f.undo();
    expect(f.doc().order).toEqual([]);

    // Cancelling an outer gesture reverts the inner ones too.
    const g = f.history.beginMark('g');
    f.add('x');
    const h = f.history.beginMark('h');
    f.add('y');
    f.history.commitMark(h);
    f.cancel(g);
    expect(f.doc().order).toEqual([]);
    expect(f.history.undoSize).toBe(0);
  });

  it('an undo during a gesture commits it first, so the gesture so far is undone as one', () => {
    const f = fixture();
    f.add('a');
    const mark = f.history.beginMark('unfinished');
    f.add('b');
    f.add('c');
    f.undo();
    expect(f.doc().order).toEqual(['a']);
    expect(f.history.inGesture).toBe(false);
    expect(f.history.commitMark(mark)).toBe(false);
    f.cancel(mark); // a late cancel of the closed mark changes nothing
    expect(f.doc().order).toEqual(['a']);
    f.redo();
    expect(f.doc().order).toEqual(['a', 'b', 'c']);
  });

  it('never trims inside an open gesture, and keeps the capacity once it is one entry', () => {
    const f = fixture(3);
    f.add('a');
    f.add('b');
    const mark = f.history.beginMark('long drag');
    for (let i = 0; i < 5; i++) f.add(`g${i}`);
    f.cancel(mark);
    expect(f.doc().order).toEqual(['a', 'b']);
    const again = f.history.beginMark('long drag');
    for (let i = 0; i < 5; i++) f.add(`g${i}`);
    f.history.commitMark(again);
    expect(f.history.undoSize).toBe(3);
    f.undo();
    expect(f.doc().order).toEqual(['a', 'b']);
  });

  it('clear drops open marks', () => {
    const f = fixture();
    const mark = f.history.beginMark('m');
    f.add('a');
    f.history.clear();
    expect(f.history.inGesture).toBe(false);
    expect(f.history.commitMark(mark)).toBe(false);
  });
});
