/**
 * The lane the photos' re-encodes run in (./photos/upload.ts): the bounded
 * fair queue (../lib/fair-queue.ts) with a share of the waiting places for
 * each client (its address, ./client.ts), so one client sending many large
 * photos holds up nobody else. A job it refuses is a LaneRefusal, which the
 * caller answers as 503 with `Retry-After`.
 */
import { FairQueue, QueueRefusal, type FairQueueOptions } from "../lib/fair-queue";

/** The lane's bounds: the queue's, each client's share of the waiting places always set. */
export interface LaneOptions extends FairQueueOptions {
  perClient: number;
}

/** Why a job was not run: its client holds its share, the queue is full, or its wait ran out. */
export { QueueRefusal as LaneRefusal };

/** The fair queue, every client held to its share. */
export class FairLane extends FairQueue {
  constructor(options: LaneOptions) {
    super(options);
  }
}
