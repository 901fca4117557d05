/**
 * The nested (Activepieces) form as JSON text, written straight from the flat version with an explicit
 * stack. This is how a flow is exported: `JSON.stringify(toNestedFlow(v))` recurses once per nesting
 * level and overflows near 5,000 levels in Node 20, so a long chain could not be saved to a file.
 * Each step's own fields (small: a step and its settings) go through JSON.stringify; the links between
 * steps are written by the loop. The text is exactly `JSON.stringify(toNestedFlow(v))`, and JSON.parse
 * reads it back at any depth.
 */
import { createNode, exportTrigger } from './nested-export.ts';
import { stepNumber } from './names.ts';
import type { FlatStep, FlatVersion } from './types.ts';

type Work = string | { step: string };

/** `{"a":1}` → `{"a":1` (an object's text, still open for more keys). */
const open = (value: unknown): string => JSON.stringify(value).slice(0, -1);

function pushStep(stack: Work[], step: Readonly<FlatStep>): void {
  // Pushed in reverse: the step's fields, then nextAction, then its loop body or branches, then '}'.
  stack.push('}');
  if (step.type === 'ROUTER') {
    stack.push(']');
    for (let i = step.children.length - 1; i >= 0; i--) {
      const child = step.children[i];
      stack.push(child === null || child === undefined ? 'null' : { step: child });
      if (i > 0) stack.push(',');
    }
    stack.push(',"children":[');
  }
  if (step.type === 'LOOP_ON_ITEMS' && step.firstLoopStep !== null) stack.push({ step: step.firstLoopStep }, ',"firstLoopAction":');
  if (step.next !== null) stack.push({ step: step.next }, ',"nextAction":');
  stack.push(open(createNode(step)));
}

export function toNestedFlowJson(version: FlatVersion): string {
  const parts: string[] = [];
  const stack: Work[] = [
    `,"valid":${JSON.stringify(version.valid)},"schemaVersion":${JSON.stringify(version.schemaVersion)}}`,
    '}',
  ];
  if (version.trigger.next !== null) stack.push({ step: version.trigger.next }, ',"nextAction":');
  stack.push(`{"displayName":${JSON.stringify(version.displayName)},"trigger":${open(exportTrigger(version))}`);
  while (stack.length > 0) {
    const work = stack.pop()!;
    if (typeof work === 'string') parts.push(work);
    else pushStep(stack, version.steps[stepNumber(work.step)]!);
  }
  return parts.join('');
}
