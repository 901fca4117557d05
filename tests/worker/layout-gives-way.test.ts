import { describe, expect, it } from '@rstest/core';
import { mixedFlow } from '../../bench/flow-generator.ts';
import { applyOperation, createAction, flowOperationSchema, fromNestedFlow, type FlatVersion, type FlowOperationInput } from '../../src/domain/flow/index.ts';
import { LayoutFeed, type FeedClock } from '../../src/worker/layout-feed.ts';

/** Time that moves only when the test moves it. */
function manualClock() {
  let now = 0;
  let sleepers: { until: number; wake: () => void }[] = [];
  const clock: FeedClock = { now: () => now, sleep: (ms) => new Promise((wake) => sleepers.push({ until: now + ms, wake })) };
  return {
    clock,
    sleeping: () => sleepers.length,
    advance(ms: number) {
      now += ms;
      const due = sleepers.filter((sleeper) => sleeper.until <= now);
      sleepers = sleepers.filter((sleeper) => sleeper.until > now);
      for (const sleeper of due) sleeper.wake();
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2_000 && !condition(); i++) await tick();
  if (!condition()) throw new Error(`never: ${what}`);
}

/** A flow with routers, its quick layout sent, and ELK's refinement started (it composes every router's lanes). */
async function refinementUnderWay() {
  const time = manualClock();
  const version = fromNestedFlow(mixedFlow(300).nested, { id: 'v1', flowId: 'f1' });
  const feed = new LayoutFeed({ clock: time.clock, editQuietMs: 200 });
  expect((await feed.next(version)).full).toBe(true);
  let refined = false;
  const refinement = feed.next(version).then((delta) => ((refined = true), delta));
  // The refinement has started (its first composition loads ELK); an edit comes in.
  await tick();
  time.advance(10);
  feed.noteEdit();
  await until(() => time.sleeping() > 0, 'the refinement waits for the edits to stop');
  return { time, version, feed, refinement, refined: () => refined };
}

describe('a layout under way gives way to editing', () => {
  it('holds ELK’s compositions while edits keep coming, and finishes once they stop', async () => {
    const { time, feed, refinement, refined } = await refinementUnderWay();
    // Edits every 100 ms: never 200 ms of quiet.
    for (let i = 0; i < 5; i++) {
      time.advance(100);
      feed.noteEdit();
      await until(() => time.sleeping() > 0, 'the refinement waits again');
      expect(refined()).toBe(false);
    }
    time.advance(200);
    const delta = await refinement;
    // ELK agrees with the quick layout for today's cards: nothing moved.
    expect(delta).toMatchObject({ full: false, nodes: [], removedNodes: [] });
  });

  it('does not hold a layout that was asked for meanwhile: the one under way finishes, then it is answered', async () => {
    const { version, feed, refinement } = await refinementUnderWay();
    const present = version.steps.filter((step) => step !== null);
    const added = applyOperation(
      version,
      flowOperationSchema.parse({ type: 'ADD_ACTION', request: { parentStep: present[10]!.name, stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', `step_${version.steps.length}`) } } as FlowOperationInput),
    ) satisfies FlatVersion;
    // The clock does not move: only the request can end the wait.
    const delta = await feed.next(added);
    await refinement;
    expect(delta.full).toBe(false);
    expect(delta.nodes.map((node) => node.id)).toContain(`step_${version.steps.length}`);
  });
});
