/**
 * At most `active` jobs at once, at most `queued` more waiting their turn;
 * past that a job is refused at once with 503 and `Retry-After`, which the
 * site's upload retry waits for, and so is a job still waiting after
 * `maxWaitMs`: a client always hears back in time to retry, whatever holds
 * the places. Uploads go through one gate, so memory and
 * open files stay bounded however many arrive: a waiting request's body is
 * not read until its turn (TCP holds it back at the client).
 *
 * A job waits with its client's signal (./request.ts `clientSignal`): when
 * the server sees the client go while waiting, the job leaves the queue at
 * once and never takes a place; a job whose client is already gone is never
 * queued. The server sees a hang-up only on a connection it reads, so a client
 * whose body TCP holds back is found gone at its turn, when its body is read:
 * its job then ends at once and the place passes on.
 *
 * (A counter and a queue of resolvers; the npm queues are ESM-only or larger
 * than this whole file.)
 */
import { ClientGone, HttpError } from "./http";

export interface GateOptions {
  active: number;
  queued: number;
  /** how long a job may wait for a place before it is refused */
  maxWaitMs: number;
  /** what the 503 asks the client to wait, in seconds */
  retryAfterSeconds: number;
}

export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: GateOptions) {}

  /** How many jobs hold a place, and how many wait (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `job` when a place is free; throws HttpError 503 when the queue is
   * full, ClientGone when `signal` aborts before the job has a place.
   */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(signal);
    try {
      return await job();
    } finally {
      // hand the place straight to the next in line, or free it
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private busy(): HttpError {
    return new HttpError(503, "Serveren tar imot mange bilder nå; prøv igjen om litt", {
      "Retry-After": String(this.options.retryAfterSeconds),
    });
  }

  private enter(signal: AbortSignal | undefined): Promise<void> | void {
    if (signal?.aborted) throw new ClientGone();
    if (this.running < this.options.active) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.options.queued) throw this.busy();
    return new Promise<void>((resolve, reject) => {
      const granted = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", gone);
        resolve();
      };
      const leave = (error: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", gone);
        const index = this.waiting.indexOf(granted);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(error);
      };
      const gone = () => leave(new ClientGone());
      const timer = setTimeout(() => leave(this.busy()), this.options.maxWaitMs);
      signal?.addEventListener("abort", gone, { once: true });
      this.waiting.push(granted);
    });
  }
}
