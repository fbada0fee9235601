/**
 * The workshop's answer on a quote's page, below what the customer sent: the
 * case's history, oldest first (each offer sent, each photo request, and the
 * customer's answers, questions and photos, with when and whether its
 * e-mails went), the offer the customer has now, and the two forms that send
 * an offer (./OfferForm.tsx) or ask for more photos (./PhotoRequestForm.tsx).
 * The records behind it are open to no request, so this reads them with the
 * local API, on the server, for a staff member on the quote's page only.
 */
import type { ServerComponentProps } from "payload";
import strings from "../../../content/strings.json";
import { PRICE_TYPES } from "../../../lib/api/case-link";
import { formatMoment, formatPrice } from "../../../lib/format";
import { EVENT_KINDS, type EventKind, type MailState } from "../../case-link/collections";
import type { CaseEvent, CaseLink, CaseOffer } from "../../types";
import { isStaffRequest } from "../../access";
import { loadEmailTexts } from "../../content";
import { EVENT_SLUG, LINK_SLUG, OFFER_SLUG } from "../../names";
import styles from "./CaseAnswer.module.css";
import { OfferForm } from "./OfferForm";
import type { PreviewTexts } from "./OfferPreview";
import { PhotoRequestForm } from "./PhotoRequestForm";
import { offerSummary } from "../shared/offer-state";
import { addDays, osloToday } from "../../../lib/oslo-time";
import { receivedAt } from "../shared/when";

type Props = Pick<ServerComponentProps, "id" | "data" | "payload" | "req">;

type StoredOffer = CaseOffer;
type StoredEvent = CaseEvent;
type StoredLink = CaseLink;

/** How long a new offer is valid unless the workshop says otherwise. */
const DEFAULT_VALID_DAYS = 14;

const eventLabel = (kind: EventKind) => EVENT_KINDS.find((option) => option.value === kind)?.label ?? kind;
const MAIL_WORDS: Record<MailState, string | undefined> = {
  pending: "venter på å bli sendt",
  sent: "sendt",
  failed: "feilet, prøves igjen",
  none: undefined,
};

/** `E-post til kunden: sendt 8. desember 2026 kl. 08:00`, or nothing for an e-mail that is none of its. */
function mailLine(to: string, state: MailState | null | undefined, at?: string | null): string | undefined {
  const words = state ? MAIL_WORDS[state] : undefined;
  if (!words) return undefined;
  return `${to}: ${words}${state === "sent" && at ? ` ${receivedAt(at)}` : ""}`;
}

/** The quote's offers (newest first), its history (oldest first) and its links (oldest first): three queries. */
async function caseRecords({ id, payload, req }: Props) {
  const local = { where: { inquiry: { equals: id } }, depth: 0, pagination: false, overrideAccess: true, req } as const;
  const [offers, events, links] = await Promise.all([
    payload.find({ collection: OFFER_SLUG, sort: "-version", ...local }),
    payload.find({ collection: EVENT_SLUG, sort: "at", ...local }),
    payload.find({ collection: LINK_SLUG, sort: "createdAt", ...local }),
  ]);
  return {
    offers: offers.docs,
    events: events.docs,
    links: links.docs,
  };
}

/** What each event says beside its label and time. */
function eventDetails(
  event: StoredEvent,
  offerOf: (version?: number | null) => StoredOffer | undefined,
  linkOf: (event: StoredEvent) => StoredLink | undefined,
): string[] {
  const offer = offerOf(event.version);
  const details: string[] = [];
  if (event.version) details.push(`Versjon ${event.version}${offer ? `, ${formatPrice(offer.totalNok)}` : ""}`);
  if (event.kind === "accepted" && offer?.answer) {
    const { name, chosenTime, earlyStart } = offer.answer;
    if (name) details.push(`Godtatt av ${name}`);
    if (chosenTime) details.push(`Leverer bilen ${formatMoment(chosenTime)}`);
    if (earlyStart) details.push("Ba om at arbeidet starter før angrefristen er ute");
  }
  if (event.kind === "photos") {
    const count = event.photos?.length ?? 0;
    details.push(count === 1 ? "1 bilde, vist som en ny skade over" : `${count} bilder, vist som en ny skade over`);
  }
  const link = linkOf(event);
  const mails = [
    link && mailLine("E-post til kunden", link.mail, link.mailedAt),
    mailLine("E-post til verkstedet", event.mail?.workshop),
    mailLine(event.kind === "accepted" ? "Bekreftelse til kunden" : "E-post til kunden", event.mail?.customer),
  ];
  return [...details, ...mails.filter((line): line is string => Boolean(line))];
}

function History({ events, offers, links }: Awaited<ReturnType<typeof caseRecords>>) {
  if (events.length === 0) return <p className={styles.quiet}>Ingen tilbud eller forespørsler er sendt ennå.</p>;
  const offerOf = (version?: number | null) => offers.find((offer) => offer.version === version);
  // each photo request made one photo link, in the same order
  const photoLinks = links.filter((link) => link.purpose === "photos");
  const photoRequests = events.filter((event) => event.kind === "photoRequest");
  const linkOf = (event: StoredEvent) => {
    if (event.kind === "offer") {
      const offer = offerOf(event.version);
      return offer
        ? links.find((link) => link.purpose === "offer" && String(link.offer) === String(offer.id))
        : undefined;
    }
    if (event.kind === "photoRequest") return photoLinks[photoRequests.indexOf(event)];
    return undefined;
  };
  return (
    <ol className={styles.history}>
      {events.map((event) => (
        <li key={event.id} className={styles.event}>
          <p className={styles.eventHead}>
            <strong>{eventLabel(event.kind)}</strong>{" "}
            <time className={styles.quiet} dateTime={event.at}>
              {receivedAt(event.at)}
            </time>
          </p>
          {event.text && <p className={styles.text}>{event.text}</p>}
          {eventDetails(event, offerOf, linkOf).map((line) => (
            <p key={line} className={styles.detail}>
              {line}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}

function CurrentOffer({ offer, texts }: { offer: StoredOffer; texts: PreviewTexts }) {
  return (
    <section aria-labelledby="current-offer" className={styles.block}>
      <h3 id="current-offer" className={styles.subheading}>
        Tilbudet kunden har nå
      </h3>
      <dl className={styles.facts}>
        <dt>Versjon</dt>
        <dd>{offer.version}</dd>
        <dt>Status</dt>
        <dd>{offerSummary(offer)}</dd>
        <dt>Pris</dt>
        <dd>
          {formatPrice(offer.totalNok)} ({texts.priceTypes[offer.priceType].name.toLowerCase()})
        </dd>
        {offer.answer?.chosenTime && (
          <>
            <dt>Levering</dt>
            <dd>{formatMoment(offer.answer.chosenTime)}</dd>
          </>
        )}
        {offer.state === "sent" && (
          <>
            <dt>Tider kunden kan velge</dt>
            <dd>{offer.dropOffTimes.map(formatMoment).join("; ")}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

export async function CaseAnswer(props: Props) {
  const { id, data, req } = props;
  // a quote not yet stored has nothing to answer; only the workshop's staff reach this page
  if (id === undefined || !isStaffRequest(req)) return null;
  const records = await caseRecords(props);
  const status = (data as { status?: string } | undefined)?.status;
  const regNumber = String((data as { regNumber?: string } | undefined)?.regNumber ?? "");
  const { priceTypes } = loadEmailTexts().caseLink;
  const offerTexts = strings.casePage.offer;
  const texts: PreviewTexts = {
    heading: offerTexts.heading,
    work: offerTexts.work,
    price: offerTexts.price,
    total: offerTexts.total,
    vat: offerTexts.vat,
    validUntil: offerTexts.validUntil,
    noteHeading: offerTexts.noteHeading,
    times: offerTexts.times,
    priceTypes: Object.fromEntries(
      PRICE_TYPES.map((type) => [type, { name: priceTypes[type].name, sentence: priceTypes[type].sentence }]),
    ) as PreviewTexts["priceTypes"],
  };
  const current = records.offers.find((offer) => offer.state !== "replaced");
  const accepted = records.offers.find((offer) => offer.state === "accepted");
  const today = osloToday();

  return (
    <section aria-labelledby="case-answer" className={styles.answer}>
      <h2 id="case-answer" className={styles.heading}>
        Svar til kunden
      </h2>
      <section aria-labelledby="case-history" className={styles.block}>
        <h3 id="case-history" className={styles.subheading}>
          Historikk
        </h3>
        <History {...records} />
      </section>
      {current && <CurrentOffer offer={current} texts={texts} />}
      {status === "CLOSED" ? (
        <p className={styles.notice} role="note">
          Saken er avsluttet, så du kan ikke sende tilbud eller be om bilder. Sett status til Ny eller Besvart og lagre
          for å åpne den igjen.
        </p>
      ) : (
        <>
          {accepted || status === "ACCEPTED" ? (
            <p className={styles.notice} role="note">
              Kunden har godtatt {accepted ? `tilbudet (versjon ${accepted.version})` : "et tilbud"}, så et nytt tilbud
              kan ikke sendes. Ring kunden hvis noe må endres.
            </p>
          ) : (
            <OfferForm
              quoteId={String(id)}
              regNumber={regNumber}
              texts={texts}
              today={today}
              defaultValidUntil={addDays(today, DEFAULT_VALID_DAYS)}
              replaces={current?.state === "sent" ? current.version : undefined}
            />
          )}
          <PhotoRequestForm quoteId={String(id)} />
        </>
      )}
    </section>
  );
}
