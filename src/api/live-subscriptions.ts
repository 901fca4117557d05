/**
 * The live socket's workflow subscriptions (SPEC §3 record: workflow id, subscribed flag, confirmation
 * time; §4 transitions): a subscription is pending until the server confirms it, then active; an
 * unsubscription removes the record on confirmation. The records outlive a connection — they are the
 * list of what to subscribe to again after reconnecting — but what was pending on it is rejected.
 */
import { LIVE_SOCKET, LIVE_SOCKET_MESSAGES as TEXT, type SubscriptionRecord, type Timers, type WorkflowId } from './live-socket-contract.ts';

interface Pending {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
  timer: unknown;
}

export class LiveSubscriptions {
  private readonly records = new Map<string, SubscriptionRecord>();
  private readonly subscribing = new Map<string, Pending>();
  private readonly unsubscribing = new Map<string, Pending>();

  constructor(
    /** Sends on the socket; throws when it is not open. */
    private readonly send: (message: { type: string; workflow_id: WorkflowId }) => void,
    private readonly timers: Timers,
    private readonly now: () => number,
  ) {}

  list(): SubscriptionRecord[] {
    return [...this.records.values()].map((record) => ({ ...record }));
  }

  /** The caller has checked the socket is authenticated. Already active: resolves at once (a no-op). */
  subscribe(workflowId: WorkflowId): Promise<void> {
    const key = String(workflowId);
    const record = this.records.get(key);
    if (record?.subscribed) return Promise.resolve();
    if (!record) this.records.set(key, { workflowId, subscribed: false, confirmedAt: null });
    return this.request(this.subscribing, 'subscribe', workflowId, TEXT.subscriptionTimeout(workflowId));
  }

  /** Not authenticated: the server holds nothing for this socket, so forgetting the record is enough. */
  unsubscribe(workflowId: WorkflowId, authenticated: boolean): Promise<void> {
    const key = String(workflowId);
    if (!this.records.has(key)) return Promise.resolve();
    if (!authenticated) {
      this.records.delete(key);
      return Promise.resolve();
    }
    return this.request(this.unsubscribing, 'unsubscribe', workflowId, TEXT.unsubscriptionTimeout(workflowId));
  }

  /** subscription_confirmed / unsubscription_confirmed from the server. */
  confirmed(type: 'subscription_confirmed' | 'unsubscription_confirmed', workflowId: unknown): void {
    const key = String(workflowId);
    if (type === 'subscription_confirmed') {
      const record = this.records.get(key);
      if (record) Object.assign(record, { subscribed: true, confirmedAt: this.now() });
      this.settle(this.subscribing, key);
    } else {
      this.records.delete(key);
      this.settle(this.unsubscribing, key);
    }
  }

  /** After authenticating: subscribe again to every workflow not confirmed on this connection. */
  resubscribe(onFailure: (error: Error) => void): void {
    for (const [key, record] of this.records) {
      if (record.subscribed || this.subscribing.has(key)) continue;
      this.request(this.subscribing, 'subscribe', record.workflowId, TEXT.subscriptionTimeout(record.workflowId)).catch(onFailure);
    }
  }

  /** The connection is gone: everything inactive, pending requests rejected with 'Connection closed'. */
  connectionClosed(): void {
    for (const record of this.records.values()) record.subscribed = false;
    const closed = () => new Error(TEXT.connectionClosed);
    for (const key of [...this.subscribing.keys()]) this.settle(this.subscribing, key, closed());
    for (const key of [...this.unsubscribing.keys()]) {
      this.records.delete(key); // the server forgets a socket's subscriptions with the socket
      this.settle(this.unsubscribing, key, closed());
    }
  }

  private request(pending: Map<string, Pending>, type: string, workflowId: WorkflowId, timeoutText: string): Promise<void> {
    const key = String(workflowId);
    const existing = pending.get(key);
    if (existing) return existing.promise;
    let settle!: Pick<Pending, 'resolve' | 'reject'>;
    const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    const timer = this.timers.setTimeout(() => this.settle(pending, key, new Error(timeoutText)), LIVE_SOCKET.requestTimeoutMs);
    pending.set(key, { promise, ...settle, timer });
    try {
      this.send({ type, workflow_id: workflowId });
    } catch (error) {
      this.settle(pending, key, error instanceof Error ? error : new Error(String(error)));
    }
    return promise;
  }

  private settle(pending: Map<string, Pending>, key: string, error?: Error): void {
    const entry = pending.get(key);
    if (!entry) return;
    pending.delete(key);
    this.timers.clearTimeout(entry.timer);
    if (error) entry.reject(error);
    else entry.resolve();
  }
}
