/**
 * The analytics screens follow the live socket (issue 13): a run's end and a recorded activity (a workflow
 * created in another tab) make every analytics query stale so what is on screen is read again; the two
 * messages a run's end brings cause one read, not two; progress changes nothing; a stopped follower
 * hears nothing. Real live store, query client and observer (a screen's query), messages given to the
 * store as the socket would.
 */
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { analyticsKeys } from '../../../src/api/analytics-api.ts';
import { followAnalyticsLive } from '../../../src/ui/stores/live-analytics.ts';
import { liveStore } from '../../../src/ui/stores/live-store.ts';

let client: QueryClient;
let reads: number;
let stop: () => void;
let unobserve: () => void;
let sequence = 0;

const activity = {
  message: '',
  id: 'a1',
  type: 'workflow_created',
  severity: 'info',
  user_name: 'Ada',
  description: 'Created “Send invoices”',
  timestamp: new Date().toISOString(),
  workflow_id: 'flow-1',
  run_id: null,
  count: 1,
};

const receive = (type: string, data: Record<string, unknown>) => liveStore.receive({ id: ++sequence, type, data, receivedAt: Date.now() });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(async () => {
  client = new QueryClient();
  reads = 0;
  // A screen's analytics query, read slowly enough that a second message comes while it is under way.
  const observer = new QueryObserver(client, {
    queryKey: [...analyticsKeys.all, 'on-screen'],
    queryFn: async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return reads;
    },
  });
  unobserve = observer.subscribe(() => undefined);
  await settle();
  reads = 0;
  stop = followAnalyticsLive(client);
});

afterEach(() => {
  stop();
  unobserve();
  client.clear();
  liveStore.clear();
});

describe('analytics follow the live socket', () => {
  it('an activity entry refreshes every analytics query', async () => {
    receive('activity', activity);
    await settle();
    expect(reads).toBe(1);
  });

  it("a run's end and its activity entry refresh once", async () => {
    receive('run_finished', { message: 'Run of “Send invoices” succeeded', runId: 'r1', flowId: 'flow-1', status: 'SUCCEEDED' });
    receive('activity', { ...activity, type: 'run_succeeded', severity: 'success', run_id: 'r1' });
    await settle();
    expect(reads).toBe(1);
  });

  it('progress refreshes nothing, and a stopped follower hears nothing', async () => {
    receive('run_progress', { message: '', runId: 'r1', flowId: 'flow-1', status: 'RUNNING' });
    await settle();
    expect(reads).toBe(0);
    stop();
    receive('activity', activity);
    await settle();
    expect(reads).toBe(0);
  });

  it('an activity entry does not reach the notification bell', () => {
    receive('activity', activity);
    expect(liveStore.notifications).toHaveLength(0);
  });
});
