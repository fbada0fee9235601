"use client";

/**
 * The customer's case (`/sak#k=<token>`), opened from the workshop's e-mail:
 * an offer to answer, photos to send, or a booked time to move or cancel
 * (./BookingCase.tsx). Opening it changes nothing: it reads
 * the case (POST /sak) and shows it; only a button acts. The token comes from
 * the address's fragment and is then kept in the tab only (lib/case/client.ts).
 * What an action did is said in a live region, which takes the keyboard.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { SendFailure } from "@/components/ui/SendFailure";
import { Template } from "@/components/ui/Template";
import { fetchCase, hasLinkToken, takeToken, type CaseResult, type CaseView } from "@/lib/case/client";
import { fill, formatDate, formatMoment, momentParts, telHref } from "@/lib/format";
import { webStorage } from "@/lib/web-storage";
import BookingCase from "./BookingCase";
import { CustomerPhotos, OfferDetails } from "./OfferDetails";
import { OfferAnswer } from "./OfferAnswer";
import { PhotoRequest } from "./PhotoRequest";
import { failureTexts, type CaseDeps, type CaseStrings, type Contact, type Shown } from "./types";
import { useCaseAction } from "./useCaseAction";
import styles from "./CasePage.module.css";

export interface CasePageProps {
  strings: CaseStrings;
  contact: Contact;
  deps?: CaseDeps;
}

type Phase =
  | { name: "loading" }
  | { name: "ended" }
  | { name: "replaced" }
  | { name: "loadFailed"; token: string }
  | ({ name: "case"; token: string } & Shown);

/** The phase a call's result leads to; a field's refusal and a failed action leave the page where it is. */
function phaseOf(result: CaseResult, token: string, current: Phase): Phase {
  switch (result.kind) {
    case "view":
    case "conflict":
      return { name: "case", token, view: result.view };
    case "answer":
      return { name: "case", token, view: result.answer.view, done: result.answer.done };
    case "ended":
    case "replaced":
      return { name: result.kind };
    default:
      return current.name === "case" ? current : { name: "loadFailed", token };
  }
}

/**
 * The token, the case as last read, and reading it again (`Prøv igjen`). Only
 * the newest read's answer is shown: a link opened while an older read runs wins.
 */
function useCase(fetchImpl: CaseDeps["fetch"]) {
  const [phase, setPhase] = useState<Phase>({ name: "loading" });
  const latest = useRef(0);
  const read = useCallback(
    async (token: string | undefined) => {
      const reading = ++latest.current;
      const result: CaseResult = token
        ? await fetchCase(token, fetchImpl ?? ((input, init) => fetch(input, init)))
        : { kind: "ended" };
      if (reading === latest.current) setPhase((current) => phaseOf(result, token ?? "", current));
    },
    [fetchImpl],
  );
  useEffect(() => {
    const token = () =>
      takeToken({ location: window.location, history: window.history, storage: webStorage("sessionStorage") });
    // the address's token exists only in the browser, so the case is read once the page runs; its answer comes later
    void read(token());
    // another link opened in this tab changes only the fragment, which loads no page: its case is read here
    const linkOpened = () => {
      if (!hasLinkToken(window.location.hash)) return;
      setPhase({ name: "loading" });
      void read(token());
    };
    window.addEventListener("hashchange", linkOpened);
    return () => window.removeEventListener("hashchange", linkOpened);
  }, [read]);
  const load = (token: string) => {
    setPhase({ name: "loading" });
    void read(token);
  };
  return { phase, setPhase, load };
}

export function CasePage({ strings, contact, deps = {} }: CasePageProps) {
  const { phase, setPhase, load } = useCase(deps.fetch);
  const texts = strings.page;
  const phone = <a href={telHref(contact.phone)}>{contact.phone}</a>;
  const view = phase.name === "case" ? phase.view : undefined;
  const heading = headingOf(view, texts);
  return (
    <article className={styles.page}>
      <header className={styles.head}>
        <h1>{heading}</h1>
        {view?.car && <p className={styles.car}>{view.car}</p>}
      </header>
      {phase.name === "loading" && (
        <>
          <p className={styles.loading} role="status">
            {texts.loading}
          </p>
          <noscript>
            <p className={styles.notice}>{texts.noScript}</p>
          </noscript>
        </>
      )}
      {phase.name === "ended" && (
        <p className={styles.notice}>
          <Template text={texts.ended} values={{ phone }} />
        </p>
      )}
      {phase.name === "replaced" && <p className={styles.notice}>{texts.replaced}</p>}
      {phase.name === "loadFailed" && (
        <SendFailure
          texts={failureTexts(strings)}
          text={texts.failure.load}
          contact={contact}
          onRetry={() => load(phase.token)}
        />
      )}
      {phase.name === "case" && (
        <CaseBody
          {...{ strings, contact, deps }}
          shown={phase}
          token={phase.token}
          // an action's answer belongs to the case it was sent from, not to one opened since
          onResult={(result) =>
            setPhase((current) =>
              current.name === "case" && current.token === phase.token
                ? phaseOf(result, phase.token, current)
                : current,
            )
          }
        />
      )}
    </article>
  );
}

/** The page's heading: the registration number of a quote's case, the time of a booking's. */
function headingOf(view: CaseView | undefined, texts: CaseStrings["page"]): string {
  if (view?.booking) return fill(texts.booking.heading, { time: formatMoment(view.booking.at) });
  if (!view) return texts.heading;
  return fill(view.purpose === "offer" ? texts.offer.heading : texts.photos.heading, { reg: view.regNumber ?? "" });
}

interface BodyProps {
  shown: Shown;
  token: string;
  strings: CaseStrings;
  contact: Contact;
  deps: CaseDeps;
  onResult: (result: CaseResult) => void;
}

/** The case itself: the offer and its answer, or the photo request; what was done, in the live region. */
function CaseBody({ shown, token, strings, contact, deps, onResult }: BodyProps) {
  const { view, done } = shown;
  const action = useCaseAction(token, deps.fetch, onResult);
  const said = saidOf(view, done, strings, contact);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done, view]);
  const now = deps.now ?? Date.now;
  const offer = view.offer;
  const answering = view.purpose === "offer" && offer?.state === "open";
  const photosOpen = view.purpose === "photos" && done !== "photos";
  return (
    <>
      <div
        className={styles.status}
        role="status"
        aria-live="polite"
        ref={status}
        tabIndex={-1}
        data-empty={!said || undefined}
      >
        {said}
      </div>
      {view.purpose === "offer" && <CustomerPhotos photos={view.photos} strings={strings.page.offer} />}
      {view.purpose === "offer" && offer && (
        <OfferDetails offer={offer} strings={strings.page.offer} priceTypes={strings.priceTypes} />
      )}
      {answering && offer && (
        <OfferAnswer offer={offer} strings={strings} contact={contact} action={action} now={now} />
      )}
      {photosOpen && (
        <PhotoRequest message={view.message} strings={strings} contact={contact} action={action} deps={deps} />
      )}
      {view.booking && (
        // a new time or a cancellation starts the booking's part afresh
        <BookingCase
          key={`${view.booking.at}|${view.booking.state}`}
          booking={view.booking}
          {...{ strings, contact, action }}
        />
      )}
    </>
  );
}

/** What a booked time's state (or what was just done to it) says. */
function bookingSaid(
  booking: NonNullable<CaseView["booking"]>,
  done: Shown["done"],
  strings: CaseStrings,
  contact: Contact,
) {
  const texts = strings.page.booking;
  const sent = done === "moved" || done === "cancelled" ? ` ${texts.confirmationSent}` : "";
  if (booking.state === "cancelled") return <p>{`${texts.cancelled}${sent}`}</p>;
  if (done === "moved") return <p>{`${fill(texts.moved, { time: formatMoment(booking.at) })}${sent}`}</p>;
  if (booking.changeable) return undefined;
  const phone = <a href={telHref(contact.phone)}>{contact.phone}</a>;
  return (
    <p>
      <Template text={texts.locked} values={{ phone }} />
    </p>
  );
}

/** What the case's state (or what was just done) says: the after-texts, or that the offer has passed its date. */
function saidOf(view: CaseView, done: Shown["done"], strings: CaseStrings, contact: Contact) {
  if (view.booking) return bookingSaid(view.booking, done, strings, contact);
  const texts = strings.page.offer;
  if (view.purpose === "photos") return done === "photos" ? <p>{strings.page.photos.sent}</p> : undefined;
  const offer = view.offer;
  if (!offer) return undefined;
  if (offer.state === "accepted") {
    const time = offer.chosenTime ? fill(texts.dropOff, momentParts(offer.chosenTime)) : "";
    return <p>{fill(texts.accepted, { time })}</p>;
  }
  if (offer.state === "declined") return <p>{texts.declined}</p>;
  if (offer.state === "expired") {
    const phone = <a href={telHref(contact.phone)}>{contact.phone}</a>;
    return (
      <p>
        <Template text={texts.expired} values={{ date: formatDate(offer.validUntil), phone }} />
      </p>
    );
  }
  return done === "asked" ? <p>{texts.asked}</p> : undefined;
}
