/**
 * Finding a step by its name (step_N) or display name. The index is one array of lower-cased texts in
 * flow order, built once per version object (an edit makes a new version, typing in the find box does
 * not), so a keystroke costs one pass over plain strings — no React node, no tree walk. Entries are
 * cached per step object: steps an edit did not touch keep their identity (structural sharing), so a
 * rebuild after an edit re-lowers only the touched steps.
 */
import { stepsInOrder, type FlatStep, type FlatTrigger, type FlatVersion } from '../../../../domain/flow/index.ts';

export interface StepEntry {
  name: string;
  displayName: string;
  type: string;
  /** Lower-cased name and display name, searched by `searchSteps`. */
  lowerName: string;
  lowerDisplay: string;
}

export interface StepIndex {
  readonly entries: readonly StepEntry[];
}

export interface StepHit {
  name: string;
  displayName: string;
  type: string;
}

const entryCache = new WeakMap<Readonly<FlatStep | FlatTrigger>, StepEntry>();
const indexCache = new WeakMap<FlatVersion, StepIndex>();

function entryOf(step: Readonly<FlatStep | FlatTrigger>): StepEntry {
  let entry = entryCache.get(step);
  if (!entry) {
    entry = {
      name: step.name,
      displayName: step.displayName,
      type: step.type,
      lowerName: step.name.toLowerCase(),
      lowerDisplay: step.displayName.toLowerCase(),
    };
    entryCache.set(step, entry);
  }
  return entry;
}

/** The index of a version: the trigger, then every step in flow order. Cached per version object. */
export function stepIndex(version: FlatVersion): StepIndex {
  let index = indexCache.get(version);
  if (!index) {
    index = { entries: [entryOf(version.trigger), ...stepsInOrder(version).map(entryOf)] };
    indexCache.set(version, index);
  }
  return index;
}

/**
 * How well an entry matches (lower is better; -1 no match): the exact name, a display name equal to the
 * query, a name or display name that starts with it, a word of the display name that starts with it,
 * then anywhere. 'step_12' thus finds step_12 before step_120, and 'mail' finds 'Mail' before 'Email'.
 */
function rank(entry: StepEntry, query: string): number {
  if (entry.lowerName === query) return 0;
  if (entry.lowerDisplay === query) return 1;
  if (entry.lowerName.startsWith(query) || entry.lowerDisplay.startsWith(query)) return 2;
  const at = entry.lowerDisplay.indexOf(query);
  if (at > 0 && /[^a-z0-9]/.test(entry.lowerDisplay[at - 1]!)) return 3;
  if (at >= 0 || entry.lowerName.includes(query)) return 4;
  return -1;
}

export interface SearchResult {
  hits: StepHit[];
  /** How many steps match in all (`hits` holds at most `limit` of them). */
  total: number;
}

/** The best `limit` matches of `query` (case-insensitive, trimmed), best first, flow order within a rank. */
export function searchSteps(index: StepIndex, query: string, limit = 50): SearchResult {
  const q = query.trim().toLowerCase();
  if (!q) return { hits: [], total: 0 };
  const buckets: StepEntry[][] = [[], [], [], [], []];
  let total = 0;
  for (const entry of index.entries) {
    const r = rank(entry, q);
    if (r < 0) continue;
    total++;
    // Buckets fill in flow order; once the better ones hold `limit`, worse matches are only counted.
    let better = 0;
    for (let i = 0; i <= r; i++) better += buckets[i]!.length;
    if (better < limit) buckets[r]!.push(entry);
  }
  const hits: StepHit[] = [];
  for (const bucket of buckets) {
    for (const entry of bucket) {
      if (hits.length === limit) break;
      hits.push({ name: entry.name, displayName: entry.displayName, type: entry.type });
    }
  }
  return { hits, total };
}
