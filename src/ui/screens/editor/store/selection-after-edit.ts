/**
 * The selection after the worker answers an edit: the worker's primary selection wins when it differs
 * (it selects what an add or paste made); otherwise steps that no longer exist (deleted, undone) drop
 * out. Mutates the store's observable map, inside the store's action.
 */
export function selectionAfterEdit(
  selected: Map<string, true>,
  primary: string | null,
  answered: string | null,
  exists: (name: string) => boolean,
): string | null {
  if (answered !== primary || (answered && !selected.has(answered))) {
    selected.clear();
    if (answered) selected.set(answered, true);
    return answered;
  }
  for (const name of [...selected.keys()]) {
    if (name !== 'trigger' && !exists(name)) selected.delete(name);
  }
  return primary;
}
