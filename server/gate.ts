/**
 * The preview server's upload gate: the bounded queue (../lib/fair-queue.ts)
 * with every upload in one line, so at most `active` are read at once and at
 * most `queued` more wait their turn, the oldest first. A job past that is
 * refused at once with 503 and `Retry-After`, which the site's upload retry
 * waits for, and so is a job still waiting after `maxWaitMs`: a client always
 * hears back in time to retry, whatever holds the places. Uploads go through
 * one gate, so memory and open files stay bounded however many arrive: a
 * waiting request's body is not read until its turn (TCP holds it back at the
 * client).
 *
 * A job waits with its client's signal (./request.ts `clientSignal`): when
 * the server sees the client go while waiting, the job leaves the queue at
 * once and never takes a place (ClientGone); a job whose client is already
 * gone is never queued. The server sees a hang-up only on a connection it
 * reads, so a client whose body TCP holds back is found gone at its turn,
 * when its body is read: its job then ends at once and the place passes on.
 */
import { FairQueue, QueueRefusal, type FairQueueOptions } from "../lib/fair-queue";
import { ClientGone, HttpError } from "./http";

/** The gate's bounds: the queue's, with no share per client (every upload waits in the one line). */
export type GateOptions = Omit<FairQueueOptions, "perClient">;

/** The one line every upload waits in. */
const ONE_LINE = "uploads";

/** What the client hears of a job the queue refused. */
function answerTo(refusal: QueueRefusal): Error {
  if (refusal.reason === "gone") return new ClientGone();
  return new HttpError(503, "Serveren tar imot mange bilder nå; prøv igjen om litt", {
    "Retry-After": String(refusal.retryAfterSeconds),
  });
}

export class Gate {
  private readonly queue: FairQueue;

  constructor(options: GateOptions) {
    this.queue = new FairQueue(options);
  }

  /** How many jobs hold a place, and how many wait (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return this.queue.load;
  }

  /**
   * Runs `job` when a place is free; throws HttpError 503 when the queue is
   * full, ClientGone when `signal` aborts before the job has a place.
   */
  run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.queue.run(ONE_LINE, job, signal).catch((error: unknown) => {
      throw error instanceof QueueRefusal ? answerTo(error) : error;
    });
  }
}
