/**
 * The lane the photos' re-encodes run in (./photos.ts), shared fairly between
 * clients, so one client sending many large photos holds up nobody else:
 *
 * - at most `active` jobs run at once, whoever sent them;
 * - one client (its address, ./client.ts) has at most `perClient` jobs
 *   waiting, and at most `queued` jobs wait in all;
 * - the waiting are served round-robin by client: a place that frees goes to
 *   the oldest job of the waiting client whose last job started the longest
 *   ago, so a client with nothing running goes before one that has;
 * - a job waits at most `maxWaitMs` for its place.
 *
 * A job past any of these is refused at once (or at the end of its wait) with
 * LaneRefusal, which the caller answers as 503 with `Retry-After`.
 */

export interface LaneOptions {
  /** jobs running at once */
  active: number;
  /** jobs one client may have waiting */
  perClient: number;
  /** jobs waiting in all */
  queued: number;
  /** how long a job may wait for its place */
  maxWaitMs: number;
  /** what a refusal asks the client to wait, in seconds */
  retryAfterSeconds: number;
}

/** Why a job was not run: its client holds its share, the queue is full, or its wait ran out. */
export class LaneRefusal extends Error {
  constructor(
    readonly reason: "client" | "queue" | "wait",
    readonly retryAfterSeconds: number,
  ) {
    super(`The re-encode lane refused a job (${reason})`);
  }
}

interface Waiter {
  start(): void;
}

export class FairLane {
  private running = 0;
  /** each client's jobs in the lane, running and waiting, while it has any */
  private readonly held = new Map<string, number>();
  /** the waiting, by client */
  private readonly waiting = new Map<string, Waiter[]>();
  private waitingCount = 0;
  /** when each client in the lane last had a job started (a count of starts) */
  private readonly served = new Map<string, number>();
  private starts = 0;

  constructor(private readonly options: LaneOptions) {}

  /** How many jobs run and how many wait (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /** Runs `job` for `client` when its turn comes (above); throws LaneRefusal when it may not. */
  async run<T>(client: string, job: () => Promise<T>): Promise<T> {
    const { active, perClient, queued, retryAfterSeconds } = this.options;
    const free = this.running < active;
    if (!free && (this.waiting.get(client)?.length ?? 0) >= perClient) {
      throw new LaneRefusal("client", retryAfterSeconds);
    }
    if (!free && this.waitingCount >= queued) throw new LaneRefusal("queue", retryAfterSeconds);
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    try {
      if (free) this.running++;
      else await this.wait(client);
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

  /** Waits for a place handed over by `next`; LaneRefusal after maxWaitMs. */
  private wait(client: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const line = this.waiting.get(client) ?? [];
        const index = line.indexOf(waiter);
        if (index === -1) return;
        line.splice(index, 1);
        if (!line.length) this.waiting.delete(client);
        this.waitingCount--;
        reject(new LaneRefusal("wait", this.options.retryAfterSeconds));
      }, this.options.maxWaitMs);
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
