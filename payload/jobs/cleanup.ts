/**
 * What the hourly cleanup (CLEANUP_TASK, ./tasks.ts) does: it deletes each
 * case closed more than CLOSED_CASE_KEPT_MS ago, then each photo that no
 * quote names UNUSED_PHOTO_KEPT_MS after its upload (a deleted quote's photos
 * among them), and each agreement AGREEMENT_KEPT_YEARS after its offer was
 * accepted (an agreement outlives its case), with what is left of one
 * deleted at its customer's request. Then it closes each case untouched for
 * FORGOTTEN_CASE_MS (../operations/close-forgotten.ts), which later runs
 * delete as any closed case. It also queues the e-mails again
 * of a case whose e-mails are still waiting EMAILS_OVERDUE_MS after it was
 * stored with no job to send them (on a database without transactions, a
 * case can be stored and its job not). The time is Payload's job clock
 * (`getCurrentDate`), the one its queue runs by.
 */
import { getCurrentDate, type Payload } from "payload";
import { AGREEMENT_KEPT_YEARS, CLOSED_CASE_KEPT_MS, UNUSED_PHOTO_KEPT_MS } from "../cases";
import {
  AGREEMENT_SLUG,
  CASE_EMAILS_TASK,
  CASE_SLUGS,
  ERASURE_SLUG,
  INQUIRY_SLUG,
  MEDIA_SLUG,
  QUEUE,
  type CaseSlug,
} from "../names";
import type { Inquiry } from "../types";

/** How many records the cleanup reads at a time. */
const PAGE = 100;

/** The ids of the photos a stored quote names. */
const photoIds = (quote: Inquiry) =>
  (quote.damages ?? []).flatMap((damage) =>
    (damage.photos ?? []).map((photo) => (typeof photo === "object" ? photo.id : photo)),
  );

/**
 * Deletes the cases of `slug` closed before `closedBefore`; returns how many.
 * A quote's photos are left to deleteUnusedPhotos, which runs next: a photo
 * another quote still names stays. A case another run deleted first is no
 * error.
 */
async function deleteClosedCases(payload: Payload, slug: CaseSlug, closedBefore: Date): Promise<number> {
  const { docs, errors } = await payload.delete({
    collection: slug,
    where: { and: [{ status: { equals: "CLOSED" } }, { closedAt: { less_than: closedBefore.toISOString() } }] },
    depth: 0,
    overrideAccess: true,
  });
  for (const error of errors) payload.logger.warn({ collection: slug, error, msg: "A closed case was not deleted" });
  return docs.length;
}

/** Deletes the photos uploaded before `uploadedBefore` that no quote names; returns how many. */
async function deleteUnusedPhotos(payload: Payload, uploadedBefore: Date): Promise<number> {
  let deleted = 0;
  let after: number | string | undefined;
  for (;;) {
    const { docs } = await payload.find({
      collection: MEDIA_SLUG,
      where: {
        and: [
          { createdAt: { less_than: uploadedBefore.toISOString() } },
          ...(after === undefined ? [] : [{ id: { greater_than: after } }]),
        ],
      },
      sort: "id",
      limit: PAGE,
      depth: 0,
      overrideAccess: true,
    });
    if (docs.length === 0) return deleted;
    const ids = docs.map((doc) => doc.id);
    after = ids[ids.length - 1];
    const { docs: quotes } = await payload.find({
      collection: INQUIRY_SLUG,
      where: { "damages.photos": { in: ids } },
      limit: 0,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    });
    const named = new Set(quotes.flatMap(photoIds).map(String));
    const unused = ids.filter((id) => !named.has(String(id)));
    if (unused.length) {
      await payload.delete({ collection: MEDIA_SLUG, where: { id: { in: unused } }, overrideAccess: true });
      deleted += unused.length;
    }
  }
}

/** How long a case's e-mails may wait with no job before the cleanup queues them again. */
const EMAILS_OVERDUE_MS = 60 * 60 * 1000;

/** Queues the e-mails again of each case still waiting for them EMAILS_OVERDUE_MS after it was stored with no job left for it; returns how many. */
export async function requeueOverdueEmails(payload: Payload, now = getCurrentDate()): Promise<number> {
  const { docs: jobs } = await payload.find({
    collection: "payload-jobs",
    where: { and: [{ taskSlug: { equals: CASE_EMAILS_TASK } }, { completedAt: { exists: false } }] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  });
  const inputOf = (job: unknown) => (job as { input?: { collection?: string; id?: unknown } }).input;
  const waiting = new Set(jobs.map((job) => `${inputOf(job)?.collection}:${String(inputOf(job)?.id)}`));
  const storedBefore = new Date(now.getTime() - EMAILS_OVERDUE_MS).toISOString();
  let queued = 0;
  for (const slug of CASE_SLUGS) {
    const { docs } = await payload.find({
      collection: slug,
      where: { and: [{ "emails.workshop": { equals: "pending" } }, { createdAt: { less_than: storedBefore } }] },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    });
    for (const { id } of docs) {
      if (waiting.has(`${slug}:${String(id)}`)) continue;
      await payload.jobs.queue({ task: CASE_EMAILS_TASK, queue: QUEUE, input: { collection: slug, id } });
      queued++;
    }
  }
  if (queued) payload.logger.warn({ queued, msg: "Case e-mails queued again: their cases had no job" });
  return queued;
}

export { AGREEMENT_KEPT_YEARS };

/**
 * Deletes the agreements accepted more than AGREEMENT_KEPT_YEARS before
 * `now`, and what is left of those deleted before at their customer's
 * request; returns how many agreements.
 */
async function deleteOldAgreements(payload: Payload, now: Date): Promise<number> {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - AGREEMENT_KEPT_YEARS);
  const old = { acceptedAt: { less_than: before.toISOString() } };
  await payload.delete({ collection: ERASURE_SLUG, where: old, depth: 0, overrideAccess: true });
  const { docs } = await payload.delete({ collection: AGREEMENT_SLUG, where: old, depth: 0, overrideAccess: true });
  return docs.length;
}

/** Deletes what the privacy page says is deleted by now (see the module's comment); returns the counts. */
export async function deleteExpired(payload: Payload, now = getCurrentDate()) {
  const closedBefore = new Date(now.getTime() - CLOSED_CASE_KEPT_MS);
  const cases: Record<string, number> = {};
  for (const slug of CASE_SLUGS) cases[slug] = await deleteClosedCases(payload, slug, closedBefore);
  // after the cases: a deleted quote's photos are unused now, unless another quote names them
  const photos = await deleteUnusedPhotos(payload, new Date(now.getTime() - UNUSED_PHOTO_KEPT_MS));
  const agreements = await deleteOldAgreements(payload, now);
  const counts = { ...cases, photos, agreements };
  if (Object.values(counts).some(Boolean))
    payload.logger.info({ ...counts, msg: "Deleted closed cases and unused photos" });
  return counts;
}
