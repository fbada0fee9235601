/**
 * A bounded fair queue: a few jobs run at once, a bounded number wait their
 * turn, and the waiting are shared fairly between the clients that sent them.
 *
 * - at most `active` jobs run at once, whoever sent them;
 * - at most `queued` jobs wait in all, and one client has at most
 *   `perClient` of them waiting (when given; else only the bound in all);
 * - a place that frees goes to the oldest job of the waiting client whose
 *   last job started the longest ago, so a client with nothing running goes
 *   before one that has; with one client, the oldest job goes first;
 * - a job waits at most `maxWaitMs` for its place;
 * - a job whose `signal` aborts while it waits leaves the queue at once and
 *   never takes a place, and one whose signal has already aborted is never
 *   queued.
 *
 * A job past any of these is never run: `run` rejects with a QueueRefusal
 * naming why, with the options' `retryAfterSeconds` for the caller's answer.
 * A job's own failure passes through as it is, and frees its place.
 *
 * (A counter and a line of waiters per client: the npm queues are ESM-only
 * or larger than this whole file.)
 */

export interface FairQueueOptions {
  /** jobs running at once */
  active: number;
  /** jobs waiting in all */
  queued: number;
  /** jobs one client may have waiting; without it, a client may take every waiting place */
  perClient?: number;
  /** how long a job may wait for its place */
  maxWaitMs: number;
  /** what a refusal asks the client to wait, in seconds */
  retryAfterSeconds: number;
}

/**
 * Why a job was not run: its client holds its share of the waiting places
 * (`client`), every waiting place is taken (`queue`), its wait ran out
 * (`wait`), or its signal aborted before it had a place (`gone`).
 */
export type RefusalReason = "client" | "queue" | "wait" | "gone";

/** A job the queue did not run, why, and how long the client is asked to wait before it tries again. */
export class QueueRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly retryAfterSeconds: number,
  ) {
    super(`The queue refused a job (${reason})`);
  }
}

interface Waiter {
  start(): void;
}

export class FairQueue {
  private running = 0;
  /** each client's jobs in the queue, running and waiting, while it has any */
  private readonly held = new Map<string, number>();
  /** the waiting, by client */
  private readonly waiting = new Map<string, Waiter[]>();
  private waitingCount = 0;
  /** when each client in the queue last had a job started (a count of starts) */
  private readonly served = new Map<string, number>();
  private starts = 0;

  constructor(private readonly options: FairQueueOptions) {}

  /** How many jobs run and how many wait (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /** Runs `job` for `client` when its turn comes (above); rejects with QueueRefusal when it may not. */
  async run<T>(client: string, job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const free = this.admit(client, signal);
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    try {
      if (free) this.running++;
      else await this.wait(client, signal);
      this.served.set(client, ++this.starts);
      try {
        return await job();
      } finally {
        this.next();
      }
    } finally {
      const left = (this.held.get(client) ?? 1) - 1;
      if (left > 0) this.held.set(client, left);
      else {
        this.held.delete(client);
        this.served.delete(client);
      }
    }
  }

  /** Whether a place is free for `client`'s job now; throws QueueRefusal when the job may not wait for one. */
  private admit(client: string, signal: AbortSignal | undefined): boolean {
    const { active, perClient, queued } = this.options;
    if (signal?.aborted) throw this.refusal("gone");
    if (this.running < active) return true;
    if (perClient !== undefined && (this.waiting.get(client)?.length ?? 0) >= perClient) {
      throw this.refusal("client");
    }
    if (this.waitingCount >= queued) throw this.refusal("queue");
    return false;
  }

  private refusal(reason: RefusalReason): QueueRefusal {
    return new QueueRefusal(reason, this.options.retryAfterSeconds);
  }

  /** Waits for a place handed over by `next`; QueueRefusal after maxWaitMs, or once `signal` aborts. */
  private wait(client: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", gone);
      };
      const waiter: Waiter = {
        start: () => {
          settle();
          resolve();
        },
      };
      const leave = (reason: RefusalReason) => {
        settle();
        const line = this.waiting.get(client) ?? [];
        const index = line.indexOf(waiter);
        if (index === -1) return;
        line.splice(index, 1);
        if (!line.length) this.waiting.delete(client);
        this.waitingCount--;
        reject(this.refusal(reason));
      };
      const gone = () => leave("gone");
      const timer = setTimeout(() => leave("wait"), this.options.maxWaitMs);
      signal?.addEventListener("abort", gone, { once: true });
      const line = this.waiting.get(client);
      if (line) line.push(waiter);
      else this.waiting.set(client, [waiter]);
      this.waitingCount++;
    });
  }

  /**
   * Hands the place just freed to the oldest job of the waiting client whose
   * last start is the longest ago (a client with none running comes first),
   * or frees it.
   */
  private next(): void {
    let chosen: string | undefined;
    for (const client of this.waiting.keys()) {
      if (chosen === undefined || (this.served.get(client) ?? 0) < (this.served.get(chosen) ?? 0)) chosen = client;
    }
    if (chosen === undefined) {
      this.running--;
      return;
    }
    const line = this.waiting.get(chosen)!;
    const waiter = line.shift()!;
    if (!line.length) this.waiting.delete(chosen);
    this.waitingCount--;
    waiter.start();
  }
}
