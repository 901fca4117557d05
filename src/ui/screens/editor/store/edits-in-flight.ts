/**
 * How many calls that may change the version or its history are on their way to the worker. What the
 * store shows before an answer (replay-previews.ts, typed-titles.ts) is right only while it knows every
 * edit the worker has: an undo preview is stale once another edit is sent.
 */
import { action, computed, makeObservable, observable } from 'mobx';
import type { EditorRemote } from './editor-remote.ts';

/** Remote calls that change neither the version nor its history: they may be in flight during a preview. */
const NOT_EDITS = new Set<PropertyKey>([
  'layout',
  'resetLayout',
  'select',
  'breakGroup',
  'firstInvalidStep',
  'getState',
  'flush',
  'subscribe',
  'then',
]);

export class EditsInFlight {
  private count = 0;
  private undos = 0;

  constructor() {
    // Observable so that what depends on it (Undo enabled while the first edit is on its way) re-renders.
    makeObservable<EditsInFlight, 'count' | 'undos' | 'started' | 'settled'>(this, {
      count: observable,
      undos: observable,
      idle: computed,
      undoing: computed,
      started: action,
      settled: action,
    });
  }

  get idle(): boolean {
    return this.count === 0;
  }

  /** An undo is on its way: a redo will have something to do. */
  get undoing(): boolean {
    return this.undos > 0;
  }

  /** The remote with every call that may change the version or its history counted while it runs. */
  counting(remote: EditorRemote): EditorRemote {
    return new Proxy(remote, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function' || NOT_EDITS.has(key)) return value;
        return (...args: unknown[]) => {
          const undo = key === 'undo';
          this.started(undo);
          // Reflect.apply: a comlink proxy would take `.apply` for a remote method of that name.
          const call = new Promise((resolve) => resolve(Reflect.apply(value as (...a: unknown[]) => unknown, target, args)));
          // Counted until the caller has applied the answer (its handler runs in between), so that
          // `canUndo || !idle` never reads false for the moment between the two.
          const settle = () => queueMicrotask(() => this.settled(undo));
          void call.then(settle, settle);
          return call;
        };
      },
    });
  }

  private started(undo: boolean): void {
    this.count++;
    if (undo) this.undos++;
  }

  private settled(undo: boolean): void {
    this.count--;
    if (undo) this.undos--;
  }
}
