/** Nested (import-format) flows for tests, built with loops: the tests must not recurse either. */
export type Json = Record<string, unknown>;

/** A straight chain of `length` code steps. */
export function chainFlow(length: number): Json {
  let next: Json | undefined;
  for (let n = length; n >= 1; n--) {
    const step: Json = {
      name: `step_${n}`,
      type: 'CODE',
      displayName: `Step ${n}`,
      valid: true,
      settings: { input: { previous: n > 1 ? `{{step_${n - 1}.value}}` : 'start' } },
    };
    if (next) step.nextAction = next;
    next = step;
  }
  return { displayName: 'Chain', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Start', valid: true, settings: {}, nextAction: next } };
}
