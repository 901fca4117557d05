/**
 * Generates benchmark flows in the nested (Activepieces-compatible) import format: mixed code, piece,
 * loop and router steps nested up to depth 6, with exactly the requested number of steps. Chains are
 * built with loops, never recursion down `nextAction`, so 10,000 steps is no deeper for this code than 10.
 * A seeded generator makes every run of the bench measure the same flows.
 */

type Json = Record<string, unknown>;

export interface GeneratedFlow {
  nested: Json;
  /** Name of a loop whose body holds `bigLoopSize` steps (for the duplicate-a-big-loop measurement). */
  bigLoop: string | null;
  bigLoopSize: number;
  stepCount: number;
}

/** mulberry32: tiny, fast, good enough to pick step types. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_DEPTH = 6;

function codeStep(name: string, previous: string | null): Json {
  return {
    name,
    type: 'CODE',
    displayName: `Code ${name}`,
    valid: true,
    skip: false,
    settings: {
      sourceCode: { code: `export const code = async (inputs) => ({ value: inputs.value })`, packageJson: '{}' },
      input: { value: previous ? `{{${previous}.output.value}}` : 'start' },
      inputUiInfo: {},
      errorHandlingOptions: { continueOnFailure: { value: false }, retryOnFailure: { value: false } },
    },
  };
}

function pieceStep(name: string, previous: string | null): Json {
  return {
    name,
    type: 'PIECE',
    displayName: `Request ${name}`,
    valid: true,
    skip: false,
    settings: {
      pieceName: '@activepieces/piece-http',
      pieceVersion: '~0.5.0',
      actionName: 'send_request',
      input: { method: 'GET', url: 'https://example.com/items', headers: {}, body: previous ? `{{${previous}.output}}` : '' },
      inputUiInfo: {},
      errorHandlingOptions: { continueOnFailure: { value: false }, retryOnFailure: { value: false } },
    },
  };
}

function loopStep(name: string, previous: string | null): Json {
  return {
    name,
    type: 'LOOP_ON_ITEMS',
    displayName: `Loop ${name}`,
    valid: true,
    skip: false,
    settings: { items: previous ? `{{${previous}.output.items}}` : '[]', inputUiInfo: {} },
  };
}

function routerStep(name: string, previous: string | null, branchCount: number): Json {
  const branches: Json[] = [];
  for (let i = 0; i < branchCount - 1; i++) {
    branches.push({
      branchName: `Branch ${i + 1}`,
      branchType: 'CONDITION',
      conditions: [
        [{ firstValue: previous ? `{{${previous}.output.kind}}` : 'x', secondValue: `kind-${i}`, operator: 'TEXT_EXACTLY_MATCHES', caseSensitive: false }],
      ],
    });
  }
  branches.push({ branchName: 'Otherwise', branchType: 'FALLBACK' });
  return {
    name,
    type: 'ROUTER',
    displayName: `Router ${name}`,
    valid: true,
    skip: false,
    settings: { branches, executionType: 'EXECUTE_FIRST_MATCH', inputUiInfo: {} },
    children: new Array(branchCount).fill(null),
  };
}

interface Generator {
  next: number;
  budget: number;
  random: () => number;
}

/** Builds a chain of up to `length` steps at `depth`; returns its first step (or null). Recursion only into containers (≤ 6 deep). */
function chain(g: Generator, length: number, depth: number, previous: string | null): Json | null {
  let first: Json | null = null;
  let last: Json | null = null;
  let prev = previous;
  for (let i = 0; i < length && g.budget > 0; i++) {
    const name = `step_${g.next++}`;
    g.budget--;
    const roll = g.random();
    let step: Json;
    if (depth < MAX_DEPTH && roll < 0.08 && g.budget > 4) {
      step = loopStep(name, prev);
      step.firstLoopAction = chain(g, 1 + Math.floor(g.random() * 8), depth + 1, name);
    } else if (depth < MAX_DEPTH && roll < 0.14 && g.budget > 6) {
      const branchCount = 2 + Math.floor(g.random() * 2);
      step = routerStep(name, prev, branchCount);
      // One branch left empty now and then, as real flows have.
      step.children = Array.from({ length: branchCount }, (_, b) =>
        b === branchCount - 1 && g.random() < 0.3 ? null : chain(g, 1 + Math.floor(g.random() * 5), depth + 1, name),
      );
    } else {
      step = roll < 0.57 ? codeStep(name, prev) : pieceStep(name, prev);
    }
    if (last) last.nextAction = step;
    else first = step;
    last = step;
    prev = name;
  }
  return first;
}

function trigger(first: Json | null): Json {
  return {
    name: 'trigger',
    type: 'EMPTY',
    displayName: 'Select Trigger',
    valid: false,
    settings: {},
    nextAction: first ?? undefined,
  };
}

/** A mixed flow of exactly `size` steps; for size ≥ 2,000 it also holds a loop of 1,000 steps. */
export function mixedFlow(size: number, seed = 42): GeneratedFlow {
  const g: Generator = { next: 1, budget: size, random: seededRandom(seed) };
  const bigLoopSize = size >= 2000 ? 1000 : Math.floor(size / 4);
  // A big loop near the start, then the mix until the budget is spent.
  const loopName = `step_${g.next++}`;
  g.budget--;
  const big = loopStep(loopName, null);
  const before = g.budget;
  const bodyGenerator: Generator = { ...g, budget: bigLoopSize };
  big.firstLoopAction = chain(bodyGenerator, bigLoopSize, 1, loopName);
  g.next = bodyGenerator.next;
  g.budget = before - (bigLoopSize - bodyGenerator.budget);
  let tail = big;
  while (g.budget > 0) {
    const rest = chain(g, g.budget, 0, loopName);
    if (!rest) break;
    tail.nextAction = rest;
    while (tail.nextAction) tail = tail.nextAction as Json;
  }
  return { nested: { displayName: `Mixed ${size}`, trigger: trigger(big) }, bigLoop: loopName, bigLoopSize, stepCount: g.next - 1 };
}

/** A straight chain of `size` code and piece steps: the deepest nesting the import format can have. */
export function straightChain(size: number): GeneratedFlow {
  let first: Json | null = null;
  let last: Json | null = null;
  for (let i = 1; i <= size; i++) {
    const step = i % 2 ? codeStep(`step_${i}`, i > 1 ? `step_${i - 1}` : null) : pieceStep(`step_${i}`, `step_${i - 1}`);
    if (last) last.nextAction = step;
    else first = step;
    last = step;
  }
  return { nested: { displayName: `Chain ${size}`, trigger: trigger(first) }, bigLoop: null, bigLoopSize: 0, stepCount: size };
}
