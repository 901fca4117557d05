/**
 * NOTIFYs on one channel, sent in as few round trips as the load allows (issue 15, throughput): a
 * payload goes at once when nothing is on its way; those that arrive while a send is under way go
 * together in the next one, as one statement (`pg_notify` over an array, in order). At rest it adds no
 * wait; under hundreds of runs a second, a run's two or three live messages stop costing a round trip
 * each. Listeners see the same notifications as before, one per payload.
 */
export type SendPayloads = (payloads: string[]) => Promise<unknown>;

interface Pending {
  payload: string;
  done: () => void;
  failed: (error: unknown) => void;
}

export interface NotifyOutbox {
  /** Settles once the payload was sent (rejects when its batch could not be). */
  send(payload: string): Promise<void>;
  /** Settles once everything handed in so far was sent or failed. */
  drained(): Promise<void>;
}

/** The one statement a batch costs: NOTIFYs in array order (a function scan yields its rows in order). */
export const NOTIFY_MANY_SQL = 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload';

export function createNotifyOutbox(sendPayloads: SendPayloads): NotifyOutbox {
  let pending: Pending[] = [];
  let sending: Promise<void> | null = null;

  async function sendBatch(): Promise<void> {
    const batch = pending;
    pending = [];
    try {
      await sendPayloads(batch.map((entry) => entry.payload));
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.failed(error);
    }
  }

  // The next batch starts when the one on its way has settled: whatever arrived meanwhile, even from
  // the continuations of the batch just sent, goes in it.
  function kick(): void {
    if (sending || pending.length === 0) return;
    sending = sendBatch().finally(() => {
      sending = null;
      kick();
    });
  }

  return {
    send(payload) {
      const sent = new Promise<void>((done, failed) => pending.push({ payload, done, failed }));
      kick();
      return sent;
    },
    async drained() {
      while (sending) await sending;
    },
  };
}
