import { createHash } from "node:crypto";
import { ValidationError, type PayloadRequest, type RequiredDataFromCollectionSlug } from "payload";
import { EVENT_EMAIL_TASK, EVENT_SLUG, INQUIRY_SLUG } from "../names";
import { caseKey, queueJob } from "../queue";
import type { CaseEvent } from "../types";
import { inTransaction } from "./transaction";
import { idOf, LOCAL } from "./records";

type EventData = Omit<RequiredDataFromCollectionSlug<typeof EVENT_SLUG>, "once" | "at">;

/** A short digest of `value`, for a key that names what an action sent. */
export const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/**
 * Stores the customer's action as the event `data` under its unique `once`
 * key, with `more` done in the same transaction, and queues its e-mails;
 * returns the kind of the event stored under the key: this one's, or the
 * first press's when the key was taken (then nothing more is done).
 */
export async function once(
  req: PayloadRequest,
  key: string,
  data: EventData,
  more: () => Promise<void> = async () => {},
): Promise<CaseEvent["kind"]> {
  try {
    await inTransaction(req, async () => {
      const event = await req.payload.create({
        collection: EVENT_SLUG,
        data: { ...data, once: key, at: new Date().toISOString() },
        ...LOCAL,
        req,
      });
      await more();
      await queueJob(req, {
        task: EVENT_EMAIL_TASK,
        input: { event: event.id, case: caseKey(INQUIRY_SLUG, idOf(data.inquiry)) },
      });
    });
    return data.kind;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const { docs } = await req.payload.find({
      collection: EVENT_SLUG,
      where: { once: { equals: key } },
      limit: 1,
      ...LOCAL,
    });
    const first = docs[0];
    if (!first) throw error;
    return first.kind;
  }
}
