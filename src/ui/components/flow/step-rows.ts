/**
 * The editor's read-only outline as rows: the trigger, then every step in flow order (a step, its loop
 * body or its branches, then the step after it — the order of the domain's `stepsInOrder`), each with its
 * nesting depth, plus a header row per router branch (named, empty ones too) and a 'No steps' row for an
 * empty loop body or branch. A flat array of rows is what the windowed list needs: row i sits at i × height.
 *
 * One pass over an explicit stack, never recursion: loops can nest hundreds of levels deep.
 */
import { versionReader, type FlatStep, type FlatTrigger, type FlatVersion } from '../../../domain/index.ts';

export type OutlineRow =
  | { kind: 'trigger'; key: string; depth: 0; trigger: Readonly<FlatTrigger> }
  | { kind: 'step'; key: string; depth: number; step: Readonly<FlatStep> }
  | { kind: 'branch'; key: string; depth: number; router: string; index: number; branchName: string; fallback: boolean }
  | { kind: 'empty'; key: string; depth: number; label: string };

type Work = { step: string; depth: number } | { branchOf: Readonly<FlatStep> & { type: 'ROUTER' }; index: number; depth: number } | { emptyKey: string; depth: number; label: string };

export function outlineRows(version: FlatVersion): OutlineRow[] {
  const read = versionReader(version);
  const rows: OutlineRow[] = [{ kind: 'trigger', key: 'trigger', depth: 0, trigger: version.trigger }];
  const stack: Work[] = version.trigger.next
    ? [{ step: version.trigger.next, depth: 0 }]
    : [{ emptyKey: 'trigger:empty', depth: 0, label: 'No steps after the trigger yet' }];
  while (stack.length > 0) {
    const work = stack.pop()!;
    if ('emptyKey' in work) {
      rows.push({ kind: 'empty', key: work.emptyKey, depth: work.depth, label: work.label });
      continue;
    }
    if ('branchOf' in work) {
      const branch = work.branchOf.settings.branches[work.index];
      rows.push({
        kind: 'branch',
        key: `${work.branchOf.name}#${work.index}`,
        depth: work.depth,
        router: work.branchOf.name,
        index: work.index,
        branchName: branch?.branchName ?? `Branch ${work.index + 1}`,
        fallback: branch?.branchType === 'FALLBACK',
      });
      continue;
    }
    const step = read(work.step);
    if (!step) continue; // fromStoredVersion already refused broken links; nothing to show for one
    rows.push({ kind: 'step', key: step.name, depth: work.depth, step });
    // Pushed in reverse: what is pushed last is shown first.
    if (step.next) stack.push({ step: step.next, depth: work.depth });
    if (step.type === 'LOOP_ON_ITEMS') {
      stack.push(
        step.firstLoopStep
          ? { step: step.firstLoopStep, depth: work.depth + 1 }
          : { emptyKey: `${step.name}:loop-empty`, depth: work.depth + 1, label: 'No steps in this loop' },
      );
    }
    if (step.type === 'ROUTER') {
      for (let i = step.children.length - 1; i >= 0; i--) {
        const child = step.children[i];
        stack.push(
          child
            ? { step: child, depth: work.depth + 2 }
            : { emptyKey: `${step.name}#${i}:empty`, depth: work.depth + 2, label: 'No steps in this branch' },
        );
        stack.push({ branchOf: step, index: i, depth: work.depth + 1 });
      }
    }
  }
  return rows;
}

/** How many steps the outline shows (the trigger not counted). */
export function countSteps(version: FlatVersion): number {
  let count = 0;
  for (const step of version.steps) if (step) count++;
  return count;
}
