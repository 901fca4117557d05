/**
 * A run told live (issue 12): while it runs, its owner's sockets hear `run_progress` and the run's
 * record already holds the steps so far; when it ends they hear `run_finished` with its outcome. A
 * socket of another user hears nothing of it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow } from './flows.ts';
import { code, flowOf, manualTrigger, piece, type RunView } from './run-flows.ts';

let t: TestServer;
let url: string;

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, dailyQuota: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  await t?.close();
});

type Message = { type: string; data?: Record<string, unknown> };

/** A signed-in socket keeping every message; `until` waits (up to 10 s) for one matching. */
async function listen(token: string) {
  const socket = new WebSocket(url);
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Message);
    for (const wake of waiters) wake();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const until = (matches: (message: Message) => boolean) =>
    new Promise<Message>((resolve, reject) => {
      const check = () => {
        const found = messages.find(matches);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching message; heard ${JSON.stringify(messages.map((m) => m.type))}`));
      }, 10_000);
      waiters.add(check);
      check();
    });
  socket.send(JSON.stringify({ type: 'auth', token }));
  await until((m) => m.type === 'auth_success');
  return { socket, messages, until };
}

describe('a run on the live connection', () => {
  it('tells its owner how far it got while it runs and how it ended, and another user nothing', async () => {
    const owner = await signedInUser(t.app, 'Owner');
    const stranger = await signedInUser(t.app, 'Stranger');
    const mine = await listen(owner.token);
    const theirs = await listen(stranger.token);
    const content = flowOf('Slow', manualTrigger(), [
      code(1, 'return { first: true };', {}, 2),
      piece(2, '@activepieces/piece-delay', 'delay_for', { delayFor: 1, unit: 'seconds' }, 3),
      code(3, 'return { last: true };'),
    ]);
    const { flow } = await publishedFlow(t, owner.token, content);
    const started = await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: owner.token });
    expect(started.statusCode).toBe(202);
    const runId = started.json<{ id: string }>().id;
    const ofThisRun = (type: string) => (m: Message) => m.type === type && m.data?.runId === runId;

    // The delay holds the run at step 2 for a second: a progress message comes while it waits, and the
    // record read on hearing it shows the steps so far (an earlier one may have caught step 1 running).
    let during: RunView | undefined;
    for (let heard = 0; !during?.steps.some((step) => step.stepName === 'step_2'); heard++) {
      const progress = await mine.until((m) => ofThisRun('run_progress')(m) && mine.messages.filter(ofThisRun('run_progress')).indexOf(m) === heard);
      expect(progress.data).toEqual({ message: '', runId, flowId: flow.id, status: 'RUNNING' });
      during = (await get(t.app, `/api/workflow/execution/${runId}`, { token: owner.token })).json<RunView>();
      expect(during.status).toBe('RUNNING');
    }
    expect(during.steps.map((step) => [step.stepName, step.status])).toEqual([
      ['trigger', 'SUCCEEDED'],
      ['step_1', 'SUCCEEDED'],
      ['step_2', 'RUNNING'],
    ]);
    expect(during.steps[1]!.output).toEqual({ first: true });

    const finished = await mine.until(ofThisRun('run_finished'));
    expect(finished.data).toEqual({ message: 'Run of “Slow” succeeded', runId, flowId: flow.id, status: 'SUCCEEDED', level: 'success', notificationId: expect.any(String) });
    // Nothing of the run after it ended: progress never overtakes the final state.
    const afterEnd = mine.messages.slice(mine.messages.indexOf(finished) + 1);
    expect(afterEnd.filter((m) => m.data?.runId === runId)).toEqual([]);
    const after = (await get(t.app, `/api/workflow/execution/${runId}`, { token: owner.token })).json<RunView>();
    expect(after.status).toBe('SUCCEEDED');
    expect(after.steps.map((step) => step.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);

    // The stranger's socket is open and authenticated all along (it answered auth), yet heard nothing of the run.
    expect(theirs.messages.filter((m) => m.type !== 'auth_success' && m.type !== 'ping')).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

});
