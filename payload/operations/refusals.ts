/**
 * The refusals of a case's operations, each written once: the words the
 * customer's page and the admin show, with the status and reason the site's
 * client reads (lib/api/case-link.ts).
 */
import type { FreeTime } from "../../lib/api/booking-times";
import type { CaseView } from "../../lib/api/case-link";
import { Refusal } from "../http";
import { TIME_TAKEN } from "./book-time";

/** The link is unknown, ended, expired, or its case closed. */
export const linkEnded = () => new Refusal(404, "Lenken virker ikke lenger.", { reason: "ended" });

/** The offer was replaced by a newer one. */
export const offerReplaced = () =>
  new Refusal(410, "Tilbudet er endret. Se den nye e-posten fra oss.", { reason: "replaced" });

/** The offer was answered already; `view` shows the case as it is now. */
export const offerAnswered = (view?: CaseView) =>
  new Refusal(409, "Tilbudet er allerede besvart", { reason: "answered", ...(view ? { view } : {}) });

/** The offer's last day has passed. */
export const offerExpired = (view: CaseView) =>
  new Refusal(409, "Tilbudet gjelder ikke lenger", { reason: "expired", view });

/** An answer to an offer, sent on a link for photos. */
export const photoLinkOnly = () =>
  new Refusal(400, "Denne lenken er for å sende bilder, ikke for å svare på et tilbud");

/** Photos, sent on a link for an offer. */
export const offerLinkOnly = () => new Refusal(400, "Denne lenken er for tilbudet, ikke for å sende bilder");

/** An action on a quote, sent on a booking's link. */
export const quoteLinkOnly = () => new Refusal(400, "Denne lenken er for timen din, ikke for et pristilbud");

/** A move or a cancellation on a link for a quote. */
export const bookingLinkOnly = () => new Refusal(400, "Denne lenken er for et pristilbud, ikke for en time");

/** A booked time that the link no longer changes: past the cut-off, or cancelled; `view` shows it as it is. */
export const bookingLocked = (view: CaseView) =>
  new Refusal(409, "Timen kan ikke endres med lenken lenger", { reason: "locked", view });

/** A new time that is not free, with the free times nearest to it. */
export const timeNotFree = (times: FreeTime[]) => new Refusal(409, TIME_TAKEN, { reason: "taken", times });

/** A staff action on a case that is closed. */
export const caseClosed = () => new Refusal(409, "Saken er avsluttet. Åpne den igjen først.");

/** A field the contract takes, refused for `message`. */
export const badField = (field: string, message: string) => new Refusal(400, message, { field });
