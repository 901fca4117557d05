/**
 * Which statements keep a plan (issue 15, throughput), for both database adapters: a data statement
 * with parameters, once its exact text is seen a second time — so SQL built with varying text is never
 * prepared — and at most `limit` texts. Past that, with `evict` the least recently used gives its place
 * (an adapter that can close a statement: the embedded database's one session); without, new texts run
 * unprepared (a pool cannot close a statement on every connection, and a name is never reused). A text
 * PostgreSQL refuses to reuse is forgotten and runs unprepared.
 *
 * Plain JavaScript: the embedded database's thread loads it without tsx.
 */
const PREPARABLE = /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)\b/i;

/** PostgreSQL's refusal of a kept plan whose tables' columns changed. */
export const NOT_REUSABLE = 'cached plan must not change result type';

export function createStatementReuse({ limit = 256, evict = false } = {}) {
  /** text → name, least recently used first. */
  const named = new Map();
  const seenOnce = new Set();
  const forgotten = new Set();
  let next = 1;
  return {
    /**
     * The name to run `sql` under, or undefined to run it unprepared; `evicted` is a name given up to
     * make room, for the adapter to close.
     */
    nameFor(sql, paramCount) {
      if (paramCount === 0 || forgotten.has(sql) || !PREPARABLE.test(sql)) return { name: undefined, evicted: undefined };
      const name = named.get(sql);
      if (name !== undefined) {
        named.delete(sql);
        named.set(sql, name);
        return { name, evicted: undefined };
      }
      if (!seenOnce.has(sql)) {
        seenOnce.add(sql);
        if (seenOnce.size > limit) seenOnce.delete(seenOnce.values().next().value);
        return { name: undefined, evicted: undefined };
      }
      seenOnce.delete(sql);
      if (!evict && named.size >= limit) return { name: undefined, evicted: undefined };
      const fresh = `flowsmith_${next++}`;
      named.set(sql, fresh);
      let evicted;
      if (named.size > limit) {
        const [oldestSql, oldestName] = named.entries().next().value;
        named.delete(oldestSql);
        evicted = oldestName;
      }
      return { name: fresh, evicted };
    },
    /** `sql` may not be prepared again (its kept plan was refused). */
    forget(sql) {
      named.delete(sql);
      forgotten.add(sql);
    },
  };
}
