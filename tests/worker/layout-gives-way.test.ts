import { describe, expect, it } from '@rstest/core';
import { mixedFlow } from '../../bench/flow-generator.ts';
import { applyOperation, createAction, flowOperationSchema, fromNestedFlow, type FlatStep, type FlatVersion, type FlowOperationInput } from '../../src/domain/flow/index.ts';
import { newCounter } from '../../src/worker/layout/cache.ts';
import { LayoutFeed, type FeedClock } from '../../src/worker/layout-feed.ts';

/** Time that moves only when the test moves it. */
function manualClock() {
  let now = 1_000;
  let sleepers: { until: number; wake: () => void }[] = [];
  const clock: FeedClock = { now: () => now, sleep: (ms) => new Promise((wake) => sleepers.push({ until: now + ms, wake })) };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      const due = sleepers.filter((sleeper) => sleeper.until <= now);
      sleepers = sleepers.filter((sleeper) => sleeper.until > now);
      for (const sleeper of due) sleeper.wake();
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function addAfter(version: FlatVersion, index: number): { version: FlatVersion; added: string } {
  const parent = version.steps.filter((step) => step !== null)[index]!;
  const added = `step_${version.steps.length}`;
  const input = { type: 'ADD_ACTION', request: { parentStep: parent.name, stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', added) } };
  return { version: applyOperation(version, flowOperationSchema.parse(input as FlowOperationInput)), added };
}

function rename(version: FlatVersion, index: number, displayName: string): FlatVersion {
  const { name, type, valid, skip, settings } = version.steps.filter((step): step is FlatStep => step !== null)[index]!;
  const input = { type: 'UPDATE_ACTION', request: { name, type, displayName, valid, skip, settings } };
  return applyOperation(version, flowOperationSchema.parse(input as FlowOperationInput));
}

/** Chain blocks computed or reused: both stay put when the flow is not laid out at all. */
const blocksVisited = (counter: { blocks: number; reused: number }) => counter.blocks + counter.reused;

/** A flow with routers (ELK composes their lanes), its layout by sums sent, and the refinement asked for. */
async function openedBySums() {
  const time = manualClock();
  const counter = newCounter();
  const asked: number[] = [];
  const version = fromNestedFlow(mixedFlow(300).nested, { id: 'v1', flowId: 'f1' });
  const hooks = { beforeCompose: async () => undefined as void };
  const sums = newCounter();
  const feed = new LayoutFeed({ clock: time.clock, editQuietMs: 200, counter, sumsCounter: sums, onRefine: () => asked.push(1), beforeCompose: () => hooks.beforeCompose() });
  expect((await feed.next(version)).full).toBe(true);
  await settle();
  // Asked for once 200 ms went by without an edit.
  expect(asked).toHaveLength(0);
  time.advance(200);
  await settle();
  expect(asked).toHaveLength(1);
  return { time, counter, sums, asked, version, feed, hooks };
}

describe('ELK’s refinement gives way to editing', () => {
  it('finishes when no edit comes: ELK composes the lanes, agreeing with the sums', async () => {
    const { counter, version, feed } = await openedBySums();
    expect(await feed.next(version)).toMatchObject({ full: false, nodes: [], removedNodes: [] });
    expect(counter.compositions).toBeGreaterThan(0);
  });

  it('gives up when an edit comes in, and is asked for again once edits pause', async () => {
    const whole = await openedBySums();
    await whole.feed.next(whole.version);
    const { time, counter, asked, version, feed, hooks } = await openedBySums();
    // An edit comes in while ELK composes: before its second lane composition.
    let composing = 0;
    hooks.beforeCompose = async () => {
      if (++composing !== 2) return;
      time.advance(10);
      feed.noteEdit();
    };
    const refinement = feed.next(version);
    // Answered by sums without the clock moving: nothing to send, and ELK did not compose every lane.
    expect(await refinement).toMatchObject({ full: false, nodes: [] });
    const composedBeforeGivingUp = counter.compositions;
    expect(composedBeforeGivingUp).toBeLessThan(whole.counter.compositions);
    // Edits go on: not asked again until 200 ms without one.
    time.advance(150);
    feed.noteEdit();
    time.advance(150);
    await settle();
    expect(asked).toHaveLength(1);
    time.advance(50);
    await settle();
    expect(asked).toHaveLength(2);
    hooks.beforeCompose = async () => undefined;
    await feed.next(version);
    expect(counter.compositions).toBeGreaterThan(composedBeforeGivingUp);
  });

  it('places an edit’s layout by sums at once until the refinement has finished', async () => {
    const { time, counter, version, feed } = await openedBySums();
    time.advance(10);
    feed.noteEdit();
    // The edit's own request comes first (it took the refinement's turn): placed by sums, no ELK.
    const { version: edited, added } = addAfter(version, 10);
    const delta = await feed.next(edited);
    expect(delta.nodes.map((node) => node.id)).toContain(added);
    expect(counter.compositions).toBe(0);
  });

  it('answers a refinement that lost its turn to a rename with nothing, without laying the flow out again', async () => {
    const { time, counter, sums, asked, version, feed } = await openedBySums();
    // A rename comes in after the refinement was asked for and before the UI asks for it.
    time.advance(10);
    feed.noteEdit();
    const renamed = rename(version, 5, 'Renamed while the refinement was asked for');
    const visited = [blocksVisited(counter), blocksVisited(sums)];
    expect(await feed.next(renamed)).toMatchObject({ full: false, nodes: [], removedNodes: [], edges: [], removedEdges: [] });
    expect([blocksVisited(counter), blocksVisited(sums)]).toEqual(visited);
    expect(counter.compositions).toBe(0);
    // Asked for again once edits pause, the refinement is of the renamed version, and ELK composes it.
    time.advance(200);
    await settle();
    expect(asked).toHaveLength(2);
    expect(await feed.next(renamed)).toMatchObject({ full: false, nodes: [] });
    expect(counter.compositions).toBeGreaterThan(0);
  });

  it('still lays out an edit that moves something after renames, from the layout the UI has', async () => {
    const { time, version, feed } = await openedBySums();
    time.advance(10);
    feed.noteEdit();
    const renamed = rename(version, 5, 'Renamed');
    await feed.next(renamed);
    const { version: edited, added } = addAfter(renamed, 10);
    const delta = await feed.next(edited);
    expect(delta.full).toBe(false);
    expect(delta.nodes.map((node) => node.id)).toContain(added);
  });
});
