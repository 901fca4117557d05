/**
 * The data a step can insert, one root per step before it (src/domain/flow/steps-before.ts), each with
 * the value its `{{name}}` reference will read as far as the sample data tells: a tested step's output,
 * the trigger's sample payload, a loop's `item`/`index` (inside its body) or `items`/`index` (after it),
 * a router's `branches`. Parts nobody can know yet are UNKNOWN, drawn as leaves without a value.
 */
import { findStep, stepsBefore, type FlatLoopStep, type FlatVersion } from '../../../../../domain/index.ts';
import type { StepSamples } from '../../../../../api/runs-api.ts';
import { asList, resolveTemplates } from '../../../../../domain/flow/templates.ts';

/** A part of a value that the samples do not show: offered as a reference, drawn without a value. */
export const UNKNOWN: unique symbol = Symbol('unknown');

export interface DataRoot {
  /** 'trigger' or step_N: what the reference starts with. */
  name: string;
  title: string;
  value: unknown;
  /** False for a router around the step: it has no output while its branches run. */
  insertable: boolean;
  note?: string;
}

export const NO_SAMPLE = 'No sample data — use Test step on it first';

/** A loop's items as the samples resolve them (as a run resolves them); null when they are not a list. */
export function resolveItems(items: string, scope: Readonly<Record<string, unknown>>): unknown[] | null {
  return asList(resolveTemplates(items, scope));
}

function noteFor(type: string, tested: boolean, failed: boolean): string | undefined {
  if (tested) return undefined;
  if (type === 'trigger') return 'No sample data — add it in the trigger’s settings';
  return failed ? 'Its last test failed — use Test step on it again' : NO_SAMPLE;
}

export function dataRoots(version: FlatVersion, stepName: string, samples: StepSamples | undefined): DataRoot[] {
  // What references see in a test (server/engine/test-step.ts): every sample, and the loops around the
  // step at their first item, outermost first, so an inner loop's items may read the outer item.
  const scope: Record<string, unknown> = { trigger: samples?.trigger?.output ?? {} };
  for (const [name, sample] of Object.entries(samples ?? {})) if (name !== 'trigger' && sample.status === 'SUCCEEDED') scope[name] = sample.output;

  return stepsBefore(version, stepName).map(({ name, encloses }): DataRoot => {
    const subject = findStep(version, name);
    const title = subject?.displayName ?? name;
    if (!subject || subject.name === 'trigger' || subject.type === 'CODE' || subject.type === 'PIECE') {
      const sample = samples?.[name];
      const tested = sample?.status === 'SUCCEEDED';
      const note = noteFor(subject?.name === 'trigger' ? 'trigger' : 'step', tested, sample?.status === 'FAILED');
      return { name, title, value: tested ? sample.output : UNKNOWN, insertable: true, ...(note ? { note } : {}) };
    }
    if (subject.type === 'ROUTER') {
      if (encloses === 'branch') return { name, title, value: UNKNOWN, insertable: false, note: 'No output until its branches have run' };
      const branches = subject.settings.branches.map((branch) => ({ branchName: branch.branchName, evaluation: UNKNOWN }));
      return { name, title, value: { branches }, insertable: true };
    }
    const items = resolveItems((subject as FlatLoopStep).settings.items, scope);
    if (encloses === 'loop') {
      scope[name] = { item: items?.[0], index: 0 };
      if (!items) return { name, title, value: { item: UNKNOWN, index: UNKNOWN }, insertable: true, note: 'Test the step its items come from to see an item' };
      return { name, title, value: { item: items.length > 0 ? items[0] : UNKNOWN, index: 0 }, insertable: true };
    }
    return { name, title, value: items ? { items, index: items.length } : { items: UNKNOWN, index: UNKNOWN }, insertable: true };
  });
}
