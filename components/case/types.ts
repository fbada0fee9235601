import type { TimePickerStrings } from "@/components/booking/TimePicker";
import type { PhotoPickerStrings } from "@/components/photos/PhotoPicker";
import type { SendFailureTexts } from "@/components/ui/SendFailure";
import type { Strings } from "@/lib/content/strings-schema";
import type { CaseLinkTexts } from "@/lib/content/emails-schema";
import type { Fetch } from "@/lib/api/transport";
import type { CaseView } from "@/lib/case/client";
import type { PhotoDeps } from "@/lib/photos/photos";

/** The texts the case page shows: its own, and the quote form's where the page does what the form does. */
export interface CaseStrings {
  page: Strings["casePage"];
  /** each kind of price's name and sentence, worded once for the page and the customer's e-mails */
  priceTypes: CaseLinkTexts["priceTypes"];
  /** the quote form's photo picker, photo guide, photo check and progress */
  photos: PhotoPickerStrings;
  /** the quote form's other ways to reach the workshop, and `Prøv igjen` */
  failure: Pick<Strings["quoteForm"]["failure"], "contact" | "retry">;
  /** the booking form's free times, for a booked time moved through its link */
  times: TimePickerStrings;
}

/** The failure box's words on the case page: its own heading, the quote form's other ways and `Prøv igjen`. */
export const failureTexts = (strings: CaseStrings): SendFailureTexts => ({
  heading: strings.page.failure.heading,
  ...strings.failure,
});

export interface Contact {
  phone: string;
  email: string;
}

/** A test's own network, clock and photo work; the browser's otherwise. */
export interface CaseDeps {
  fetch?: Fetch;
  now?: () => number;
  loadWork?: PhotoDeps["loadWork"];
}

/** What an action did, as the page says it; `undefined` while nothing was done in this visit. */
export type Done = "accepted" | "asked" | "declined" | "photos" | "moved" | "cancelled";

/** The case on screen: as the server last said, and what was done in this visit. */
export interface Shown {
  view: CaseView;
  done?: Done;
}
