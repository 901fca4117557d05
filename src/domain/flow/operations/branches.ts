/**
 * Router branches (Activepieces' ADD_BRANCH, DELETE_BRANCH, DUPLICATE_BRANCH). `settings.branches` and
 * `children` always change together, index for index, and the steps heading the branches that shift
 * get their parent's branch index updated (a few steps, never a walk). The router's validity depends on
 * its branches' conditions, so it is judged again by each of these operations.
 *
 * A duplicated branch goes right after the original, named '<branchName> Copy', with its steps copied
 * as DUPLICATE_ACTION copies them. As in Activepieces, copying the fallback branch gives a condition
 * branch with the default row (a router has one fallback).
 */
import { newConditionBranch } from '../create.ts';
import type { VersionEdit } from '../edit.ts';
import { invalidOperation } from '../errors.ts';
import { plain } from '../immer.ts';
import type { AddBranchRequest, DeleteBranchRequest, DuplicateBranchRequest } from '../operation-schemas.ts';
import { copySettings } from '../references.ts';
import type { Branch } from '../schemas.ts';
import { collectChains } from '../structure.ts';
import type { FlatRouterStep } from '../types.ts';
import { copySteps } from './duplicate.ts';

function requireRouter(edit: VersionEdit, name: string): Readonly<FlatRouterStep> {
  const step = edit.require(name);
  if (step.type !== 'ROUTER') throw invalidOperation(`${name} is a ${step.type} step, not a router: it has no branches`);
  return step;
}

function checkIndex(index: number, count: number, name: string): void {
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw invalidOperation(`${name} has branches 0 to ${count - 1}; there is no branch ${index}`);
  }
}

/** Writes both arrays, re-points the parents of the branch heads from `from` on, and re-judges the router. */
function setBranches(edit: VersionEdit, name: string, branches: Branch[], children: (string | null)[], from: number): void {
  const router = edit.edit(name) as FlatRouterStep;
  router.settings.branches = branches;
  router.children = children;
  for (let i = from; i < children.length; i++) {
    const head = children[i];
    if (head) edit.edit(head).parent = { step: name, slot: i };
  }
  edit.revalidate(name);
}

export function addBranch(edit: VersionEdit, request: AddBranchRequest): void {
  const router = plain(requireRouter(edit, request.stepName));
  const count = router.settings.branches.length;
  if (!Number.isInteger(request.branchIndex) || request.branchIndex < 0 || request.branchIndex > count) {
    throw invalidOperation(`A branch of ${request.stepName} goes at an index from 0 to ${count}, not ${request.branchIndex}`);
  }
  const branches = router.settings.branches.slice();
  const children = router.children.slice();
  branches.splice(request.branchIndex, 0, newConditionBranch(request.branchName, request.conditions));
  children.splice(request.branchIndex, 0, null);
  setBranches(edit, request.stepName, branches, children, request.branchIndex + 1);
}

export function deleteBranch(edit: VersionEdit, request: DeleteBranchRequest): void {
  const router = plain(requireRouter(edit, request.stepName));
  checkIndex(request.branchIndex, router.settings.branches.length, request.stepName);
  const head = router.children[request.branchIndex];
  if (head) for (const name of collectChains((n) => edit.get(n), [head])) edit.remove(name);
  const branches = router.settings.branches.filter((_, i) => i !== request.branchIndex);
  const children = router.children.filter((_, i) => i !== request.branchIndex);
  setBranches(edit, request.stepName, branches, children, request.branchIndex);
}

export function duplicateBranch(edit: VersionEdit, request: DuplicateBranchRequest): void {
  const router = plain(requireRouter(edit, request.stepName));
  checkIndex(request.branchIndex, router.settings.branches.length, request.stepName);
  const at = request.branchIndex + 1;
  const head = router.children[request.branchIndex];
  const { steps: copies, rename } = head
    ? copySteps(edit, collectChains((n) => edit.get(n), [head]))
    : { steps: [], rename: new Map<string, string>() };
  const source = router.settings.branches[request.branchIndex]!;
  const name = `${source.branchName} Copy`;
  const branch: Branch =
    source.branchType === 'CONDITION' ? { ...copySettings(source, rename), branchName: name } : newConditionBranch(name);
  for (const copy of copies) edit.insertCopy(copy);
  if (copies[0]) copies[0].parent = { step: request.stepName, slot: at };
  const branches = router.settings.branches.slice();
  const children = router.children.slice();
  branches.splice(at, 0, branch);
  children.splice(at, 0, copies[0]?.name ?? null);
  setBranches(edit, request.stepName, branches, children, at + 1);
}

