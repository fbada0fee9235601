/**
 * A case neither the workshop nor the customer has touched for
 * FORGOTTEN_CASE_MS is closed by itself, and then deleted as any closed
 * case. Touched means changed: every save in the admin, every offer or photo
 * request, and every answer, question or photo through a link moves the
 * case's `updatedAt` (./case-lock.ts). A quote's history says so (its
 * `autoClosed` event, shown as FORGOTTEN_CASE_TEXT); a booking, which has
 * none, says so in its note.
 */
import { getCurrentDate, type Payload } from "payload";
import { FORGOTTEN_CASE_MS, FORGOTTEN_CASE_TEXT } from "../cases";
import { CASE_SLUGS, EVENT_SLUG, INQUIRY_SLUG, type CaseSlug } from "../names";
import { LOCAL } from "./records";

const PAGE = 100;

async function closeForgotten(payload: Payload, slug: CaseSlug, untouchedSince: Date): Promise<number> {
  let closed = 0;
  for (;;) {
    const { docs } = await payload.find({
      collection: slug,
      where: {
        and: [{ status: { not_equals: "CLOSED" } }, { updatedAt: { less_than: untouchedSince.toISOString() } }],
      },
      limit: PAGE,
      ...LOCAL,
    });
    if (docs.length === 0) return closed;
    for (const doc of docs) {
      const note =
        slug === INQUIRY_SLUG
          ? {}
          : { workshopNote: [doc.workshopNote, FORGOTTEN_CASE_TEXT].filter(Boolean).join("\n\n") };
      await payload.update({ collection: slug, id: doc.id, data: { status: "CLOSED", ...note }, ...LOCAL });
      if (slug === INQUIRY_SLUG) {
        await payload.create({
          collection: EVENT_SLUG,
          data: { inquiry: doc.id, kind: "autoClosed", at: getCurrentDate().toISOString() },
          ...LOCAL,
        });
      }
      closed++;
    }
  }
}

/** Closes the cases untouched for FORGOTTEN_CASE_MS before `now`; returns how many of each kind. */
export async function closeForgottenCases(payload: Payload, now = getCurrentDate()) {
  const untouchedSince = new Date(now.getTime() - FORGOTTEN_CASE_MS);
  const counts: Record<string, number> = {};
  for (const slug of CASE_SLUGS) counts[slug] = await closeForgotten(payload, slug, untouchedSince);
  if (Object.values(counts).some(Boolean)) payload.logger.info({ ...counts, msg: "Closed cases untouched too long" });
  return counts;
}
