/**
 * Screens showing runs (the editor's run details and runs panel, /executions and a run's page) follow
 * them on the live socket: a `run_progress` makes the run's cached record stale, a `run_finished` every
 * cached list of runs as well, so what is on screen is read again at once. They poll only while the
 * socket is down (`pollWhileOffline`); when it goes down or comes back, every cached run query is read
 * again, which both catches up on what was missed and lets each decide afresh whether to poll.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reaction } from 'mobx';
import { executionKeys } from '../../api/executions-api.ts';
import type { RunEvent } from '../../api/live-socket.ts';
import { liveStore } from './live-store.ts';

/** What following runs needs of the live store. */
export interface RunFeed {
  readonly live: boolean;
  onRunEvent(listener: (event: RunEvent) => void): () => void;
}

type Interval<Q> = number | false | undefined | ((query: Q) => number | false | undefined);

/** A query's polling, kept only for while the socket is down. */
export function pollWhileOffline<Q>(interval: Interval<Q>, feed: Pick<RunFeed, 'live'> = liveStore): (query: Q) => number | false | undefined {
  return (query) => (feed.live ? false : typeof interval === 'function' ? interval(query) : interval);
}

const following = new WeakMap<QueryClient, { users: number; stop: () => void }>();

/** Keeps the client's run queries in step with the feed until the returned function is called; shared by every caller. */
export function followRunsLive(client: QueryClient, feed: RunFeed = liveStore): () => void {
  const current = following.get(client);
  if (current) current.users += 1;
  else {
    const stopEvents = feed.onRunEvent((event) => {
      void client.invalidateQueries({ queryKey: event.type === 'run_finished' ? executionKeys.all : executionKeys.detail(event.runId) });
    });
    const stopWatching = reaction(
      () => feed.live,
      () => void client.invalidateQueries({ queryKey: executionKeys.all }),
    );
    following.set(client, {
      users: 1,
      stop: () => {
        stopEvents();
        stopWatching();
      },
    });
  }
  let stopped = false;
  return () => {
    const entry = following.get(client);
    if (stopped || !entry) return;
    stopped = true;
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.stop();
    following.delete(client);
  };
}

/** For the screens showing runs: follow them live while mounted. */
export function useRunsLive(): void {
  const client = useQueryClient();
  useEffect(() => followRunsLive(client), [client]);
}
