/**
 * At most `active` jobs at once, at most `queued` more waiting their turn;
 * past that a job is refused at once with 503 and `Retry-After`, which the
 * site's upload retry waits for. Uploads go through one gate, so memory and
 * open files stay bounded however many arrive: a waiting request's body is
 * not read until its turn (TCP holds it back at the client).
 *
 * (A counter and a queue of resolvers; the npm queues are ESM-only or larger
 * than this whole file.)
 */
import { HttpError } from "./http";

export interface GateOptions {
  active: number;
  queued: number;
  /** what the 503 asks the client to wait, in seconds */
  retryAfterSeconds: number;
}

export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: GateOptions) {}

  /** Runs `job` when a place is free; throws HttpError 503 when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.active) {
      if (this.waiting.length >= this.options.queued) {
        throw new HttpError(503, "Serveren tar imot mange bilder nå; prøv igjen om litt", {
          "Retry-After": String(this.options.retryAfterSeconds),
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // hand the place straight to the next in line, or free it
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
