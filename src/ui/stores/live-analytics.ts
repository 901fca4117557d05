/**
 * The dashboard and /analytics follow runs on the live socket: a `run_finished` (a run ended, so every
 * count, rate, duration and the activity feed may have moved) marks every cached analytics query stale,
 * and the ones on screen are read again at once — the cards and the feed update without a reload. The
 * socket coming back after a drop does the same, to catch up on what was missed. An `activity` message
 * (a workflow created, renamed, published… in any tab or by the API) does it too. A run's end brings both
 * messages; the second does not restart the read the first began. `run_progress` changes no figure.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reaction } from 'mobx';
import { analyticsKeys } from '../../api/analytics-api.ts';
import { liveStore } from './live-store.ts';
import type { RunFeed } from './live-runs.ts';

/** The live socket as the analytics screens hear it; `onActivity` is optional so a run feed alone will do. */
export interface AnalyticsFeed extends RunFeed {
  onActivity?(listener: () => void): () => void;
}

/** Keeps the client's analytics queries in step with the feed until the returned function is called. */
export function followAnalyticsLive(client: QueryClient, feed: AnalyticsFeed = liveStore): () => void {
  // A read already under way when the second message comes is kept, not restarted: the server sends both
  // after the run's end and its activity entry were committed together, so that read sees them.
  const refresh = () => void client.invalidateQueries({ queryKey: analyticsKeys.all }, { cancelRefetch: false });
  const stopEvents = feed.onRunEvent((event) => {
    if (event.type === 'run_finished') refresh();
  });
  const stopActivity = feed.onActivity?.(refresh) ?? (() => undefined);
  const stopWatching = reaction(
    () => feed.live,
    (live) => {
      if (live) refresh();
    },
  );
  return () => {
    stopEvents();
    stopActivity();
    stopWatching();
  };
}

/** For the analytics screens: follow runs live while mounted. */
export function useAnalyticsLive(): void {
  const client = useQueryClient();
  useEffect(() => followAnalyticsLive(client), [client]);
}
