/**
 * `{{...}}` references between steps. A step reads earlier steps' outputs through templates such as
 * `{{step_3.body.items}}`; when steps are copied (duplicate step, duplicate branch) or an import is
 * renumbered, the templates inside the affected settings must follow the new names.
 *
 * Only identifiers inside `{{ }}` are rewritten, and only where they start a path (not after a '.'), so
 * `{{step_1.output.step_2}}` renames `step_1` but leaves the property `step_2` alone. All names are
 * rewritten in one pass from a map, so renaming step_1→step_2 and step_2→step_3 together is safe (doing
 * it name by name, as Activepieces does, would turn step_1 into step_3).
 */
import { cloneJson, isPlainObject, type JsonObject } from './json.ts';

const TEMPLATE = /\{\{([\s\S]*?)\}\}/g;
const PATH_START = /(?<![\w$.])[A-Za-z_$][\w$]*/g;

export function rewriteReferences(text: string, rename: ReadonlyMap<string, string>): string {
  if (rename.size === 0 || !text.includes('{{')) return text;
  return text.replace(TEMPLATE, (whole: string, inner: string) => {
    const out = inner.replace(PATH_START, (id) => rename.get(id) ?? id);
    return out === inner ? whole : `{{${out}}}`;
  });
}

/**
 * Fields that hold what a step produced when it was last tested, under both names Activepieces has used:
 * `inputUiInfo` (older flows, and SPEC §3) and `sampleData` (newer). A copy has never run, so it must not
 * show the original's data.
 */
const SAMPLE_DATA_CONTAINERS = ['inputUiInfo', 'sampleData'] as const;
const SAMPLE_DATA_FIELDS = ['currentSelectedData', 'sampleDataFileId', 'sampleDataInputFileId', 'lastTestDate'] as const;

/** Removes sample-data and last-test fields from settings the caller owns (a fresh copy). */
export function clearSampleData(settings: JsonObject): void {
  for (const container of SAMPLE_DATA_CONTAINERS) {
    const info = settings[container];
    if (!isPlainObject(info)) continue;
    for (const field of SAMPLE_DATA_FIELDS) delete info[field];
  }
}

/** Settings for a copied step: a deep copy, references renamed, sample data cleared. */
export function copySettings<T extends object>(settings: T, rename: ReadonlyMap<string, string>): T {
  const copy = cloneJson(settings, (text) => rewriteReferences(text, rename));
  if (isPlainObject(copy)) clearSampleData(copy);
  return copy;
}
