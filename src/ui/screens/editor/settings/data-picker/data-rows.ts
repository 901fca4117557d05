/**
 * The picker's rows: the roots as a tree whose objects and lists open lazily (only opened nodes have
 * their children listed, at most MAX_CHILDREN each, then a '…N more' line), or, while searching, a flat
 * list of the paths that contain the search text. Walks use explicit stacks: a sample can be deep.
 *
 * References are written as the engine reads them (src/domain/flow/templates.ts): `.key` for keys that
 * are identifiers, `[n]` for list positions. The engine has no quoted keys (`["first name"]` reads a
 * key named `"first name"`, quotes included), so any other key is shown but offers no reference, and
 * neither does anything under it.
 */
import { UNKNOWN, type DataRoot } from './data-roots.ts';

export const MAX_CHILDREN = 200;
export const MAX_MATCHES = 200;
/** Nodes a search may visit: a 100,000-row sample must not freeze typing. */
const SEARCH_BUDGET = 50_000;
const PREVIEW_CHARS = 40;

export interface DataRow {
  /** The path without braces ('step_1.items[0].id'); unique, so also the row's key. */
  id: string;
  level: number;
  /** A step (drawn as its title), not a key inside its data. */
  root: boolean;
  label: string;
  /** Beside the label: a root's step name, or a search match's step title. */
  detail?: string;
  preview: string;
  note?: string;
  /** What choosing the row inserts; null when nothing can be. */
  reference: string | null;
  expandable: boolean;
  expanded: boolean;
  parent: string | null;
  /** A '…N more' line: how many children are not shown. */
  more?: number;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

type Segment = string | number;
const segmentText = (segment: Segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`);
const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';

/** A value in a few characters: `"text"`, 42, `[…] 3 items`, `{…} 2 keys`; '' when not known. */
export function previewOf(value: unknown): string {
  if (value === UNKNOWN || value === undefined) return '';
  if (Array.isArray(value)) return `[…] ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (isContainer(value)) {
    const n = Object.keys(value).length;
    return `{…} ${n} ${n === 1 ? 'key' : 'keys'}`;
  }
  if (typeof value === 'string') return JSON.stringify(value.length > PREVIEW_CHARS ? `${value.slice(0, PREVIEW_CHARS)}…` : value);
  return String(value);
}

/** How many children a value has, without listing them. */
function childCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return isContainer(value) ? Object.keys(value).length : 0;
}

/** The first `limit` children of a value. */
function childrenOf(value: unknown, limit: number): [Segment, unknown][] {
  if (Array.isArray(value)) return value.slice(0, limit).map((item, i) => [i, item]);
  if (!isContainer(value)) return [];
  return Object.keys(value)
    .slice(0, limit)
    .map((key) => [key, (value as Record<string, unknown>)[key]]);
}

const usable = (segment: Segment) => typeof segment === 'number' || IDENTIFIER.test(segment);

interface Node {
  path: string;
  label: string;
  value: unknown;
  usable: boolean;
  level: number;
  parent: string | null;
  root: DataRoot;
}

function rowOf(node: Node, expanded: ReadonlySet<string>): DataRow {
  const isRoot = node.parent === null;
  const open = node.usable && childCount(node.value) > 0;
  const row: DataRow = {
    id: node.path,
    level: node.level,
    root: isRoot,
    label: node.label,
    preview: previewOf(node.value),
    reference: node.usable && (!isRoot || node.root.insertable) ? `{{${node.path}}}` : null,
    expandable: open,
    expanded: open && expanded.has(node.path),
    parent: node.parent,
  };
  if (isRoot) {
    row.detail = node.root.name;
    if (node.root.note) row.note = node.root.note;
  } else if (!node.usable) {
    row.note = 'Not a plain name: it can not be referenced';
  }
  return row;
}

const rootNode = (root: DataRoot): Node => ({ path: root.name, label: root.title, value: root.value, usable: true, level: 1, parent: null, root });

const childNode = (parent: Node, segment: Segment, value: unknown): Node => ({
  path: parent.path + segmentText(segment),
  label: typeof segment === 'number' ? `[${segment}]` : segment,
  value,
  usable: usable(segment),
  level: parent.level + 1,
  parent: parent.path,
  root: parent.root,
});

/** The rows on screen: every root, and the children of each expanded node. */
export function treeRows(roots: readonly DataRoot[], expanded: ReadonlySet<string>): DataRow[] {
  const rows: DataRow[] = [];
  type Entry = Node | { more: number; under: Node };
  const stack: Entry[] = roots.map(rootNode).reverse();
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if ('more' in entry) {
      const { under, more } = entry;
      rows.push({ id: `${under.path}…`, level: under.level + 1, root: false, label: '', preview: '', reference: null, expandable: false, expanded: false, parent: under.path, more });
      continue;
    }
    const row = rowOf(entry, expanded);
    rows.push(row);
    if (!row.expanded) continue;
    const shown = childrenOf(entry.value, MAX_CHILDREN);
    const hidden = childCount(entry.value) - shown.length;
    // Pushed first, so it comes out after the children.
    if (hidden > 0) stack.push({ more: hidden, under: entry });
    for (let i = shown.length - 1; i >= 0; i--) stack.push(childNode(entry, shown[i]![0], shown[i]![1]));
  }
  return rows;
}

export interface SearchResult {
  rows: DataRow[];
  /** More matched than are listed, or the search stopped before looking everywhere. */
  partial: boolean;
}

/** Every referenceable path containing `query` (case-insensitive), as a flat list in flow order. */
export function searchRows(roots: readonly DataRoot[], query: string): SearchResult {
  const needle = query.trim().toLowerCase();
  const rows: DataRow[] = [];
  let budget = SEARCH_BUDGET;
  for (const root of roots) {
    const stack: Node[] = [rootNode(root)];
    while (stack.length > 0) {
      if (rows.length >= MAX_MATCHES || budget-- <= 0) return { rows, partial: true };
      const node = stack.pop()!;
      if (!node.usable) continue;
      const isRoot = node.parent === null;
      if (node.path.toLowerCase().includes(needle) || (isRoot && node.label.toLowerCase().includes(needle))) {
        const row = rowOf(node, new Set());
        if (row.reference) rows.push({ ...row, level: 1, root: false, parent: null, expandable: false, expanded: false, label: node.path, detail: root.title });
      }
      const children = childrenOf(node.value, Infinity);
      for (let i = children.length - 1; i >= 0; i--) stack.push(childNode(node, children[i]![0], children[i]![1]));
    }
  }
  return { rows, partial: false };
}
