/**
 * A process's memory of published (LOCKED) versions, for the run path (issue 15, throughput): a locked
 * version never changes (every write to flow_versions is `WHERE state = 'DRAFT'`), so each run of a
 * published workflow need not read and parse its content again — a webhook or a schedule runs one
 * version thousands of times. Drafts are never kept: the editor changes them between runs. A version is
 * only ever removed with its workflow; a run of a workflow deleted meanwhile is stopped by its claim
 * (the queue row goes with the workflow), not by this read.
 *
 * Bounded by count, least recently used first out, since one flow may hold 10,000 steps. The versions
 * kept are frozen: they are shared by every run that reads them, so none may change what another sees.
 */
import type { FlatVersion } from '../../src/domain/index.ts';

export const LOCKED_VERSIONS_KEPT = 64;

export class LockedVersions<Value> {
  private readonly kept = new Map<string, Value>();

  constructor(private readonly limit = LOCKED_VERSIONS_KEPT) {}

  get(key: string): Value | undefined {
    const value = this.kept.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moved to the end, the least recently used stays first.
    this.kept.delete(key);
    this.kept.set(key, value);
    return value;
  }

  keep(key: string, value: Value): Value {
    this.kept.delete(key);
    this.kept.set(key, value);
    if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}

/** Freezes a version and everything in it (shared between runs from now on). */
export function frozenVersion(version: FlatVersion): FlatVersion {
  const stack: object[] = [version];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const child of Object.values(value)) if (child !== null && typeof child === 'object') stack.push(child as object);
  }
  return version;
}
