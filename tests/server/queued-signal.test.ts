/**
 * A run queued on one process wakes the workers of the others (server/runs/queued-signal.ts): on
 * PostgreSQL by a NOTIFY every process listens for, coalesced so that a burst of starts sends two
 * signals and not one per run; on PGlite (one process) by waking this process's workers directly.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { createQueuedSignal, type QueuedSignal } from '../../server/runs/queued-signal.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const opened: QueuedSignal[] = [];
const ignore = () => {};

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, workersEnabled: false } });
});

afterAll(async () => {
  await Promise.all(opened.map((signal) => signal.close()));
  await t?.close();
});

async function signal(wake: (() => void) | null): Promise<QueuedSignal> {
  const made = await createQueuedSignal(t.db, wake, ignore);
  opened.push(made);
  return made;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.runIf(Boolean(process.env.DATABASE_URL))('on PostgreSQL', () => {
  it('a run queued by a process without workers wakes another process’s workers, a burst with two signals', async () => {
    let woken = 0;
    const web = await signal(null);
    await signal(() => woken++);

    web.queued();
    await until(() => woken >= 1);
    expect(woken).toBe(1);

    woken = 0;
    for (let i = 0; i < 100; i++) web.queued();
    await until(() => woken >= 2);
    // One more start after the burst's last signal landed would send a third: none comes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(woken).toBe(2);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('on PGlite', () => {
  it('wakes this process’s workers at once, there being no other process', async () => {
    let woken = 0;
    const only = await signal(() => woken++);
    only.queued();
    only.queued();
    expect(woken).toBe(2);
  });
});
