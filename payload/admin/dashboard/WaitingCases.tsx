/**
 * First on the admin's dashboard (./Dashboard.tsx): the cases waiting for the
 * workshop (state `Ny`), quotes and bookings together, newest first, each a
 * link to its page.
 */
import type { Payload, PayloadRequest } from "payload";
import { formatAdminURL } from "payload/shared";
import { carLine } from "../../car";
import { CONTACT_SLUG, INQUIRY_SLUG, type CaseSlug } from "../../names";
import { photoCount } from "../shared/photo-count";
import styles from "./WaitingCases.module.css";
import type { Contact, Inquiry } from "../../types";
import { receivedAt } from "../shared/when";

/** The most of each kind listed; the rest are a link to its list away. */
const LISTED = 25;

interface Waiting {
  slug: CaseSlug;
  id: number | string;
  createdAt: string;
  title: string;
  details: string[];
}

const photos = (count: number) => (count === 1 ? "1 bilde" : `${count} bilder`);

async function waiting(payload: Payload, req: PayloadRequest, slug: CaseSlug) {
  const found = await payload.find({
    collection: slug,
    where: { status: { equals: "NEW" } },
    sort: "-createdAt",
    limit: LISTED,
    depth: 0,
    overrideAccess: false,
    req,
  });
  const cases = found.docs.map((doc: Inquiry | Contact): Waiting => ({
    slug,
    id: doc.id,
    createdAt: doc.createdAt,
    title: "regNumber" in doc ? doc.regNumber : doc.email,
    details:
      "regNumber" in doc
        ? ["Pristilbud", carLine(doc.vehicle) ?? "", photos(photoCount(doc.damages))].filter(Boolean)
        : ["Bestilling", doc.phone],
  }));

  return { cases, total: found.totalDocs, more: found.totalDocs > found.docs.length ? found.totalDocs : 0 };
}

export async function WaitingCases({ payload, req }: { payload: Payload; req: PayloadRequest }) {
  const [quotes, bookings] = await Promise.all([
    waiting(payload, req, INQUIRY_SLUG),
    waiting(payload, req, CONTACT_SLUG),
  ]);
  const cases = [...quotes.cases, ...bookings.cases].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const url = (path: `/${string}`) =>
    formatAdminURL({ adminRoute: payload.config.routes.admin, path, serverURL: "", relative: true });
  return (
    <section className={styles.waiting} aria-labelledby="waiting-heading">
      <h2 id="waiting-heading" className={styles.heading}>
        Venter på verkstedet <span className={styles.count}>({quotes.total + bookings.total})</span>
      </h2>
      {cases.length === 0 ? (
        <p className={styles.empty}>Ingen saker venter. Nye forespørsler og bestillinger kommer her.</p>
      ) : (
        <ul className={styles.list}>
          {cases.map((item) => (
            <li key={`${item.slug}-${item.id}`}>
              <a className={styles.case} href={url(`/collections/${item.slug}/${item.id}`)}>
                <span className={styles.title}>{item.title}</span>
                <span className={styles.details}>{item.details.join(" · ")}</span>
                <time className={styles.time} dateTime={item.createdAt}>
                  {receivedAt(item.createdAt)}
                </time>
              </a>
            </li>
          ))}
        </ul>
      )}
      {[
        { slug: INQUIRY_SLUG, more: quotes.more, label: "nye forespørsler" },
        { slug: CONTACT_SLUG, more: bookings.more, label: "nye bestillinger" },
      ]
        .filter((kind) => kind.more > 0)
        .map((kind) => (
          <p key={kind.slug}>
            <a href={`${url(`/collections/${kind.slug}`)}?${new URLSearchParams({ "where[status][equals]": "NEW" })}`}>
              Se alle {kind.more} {kind.label}
            </a>
          </p>
        ))}
    </section>
  );
}
