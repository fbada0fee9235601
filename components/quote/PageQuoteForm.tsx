import { getSite, getStrings } from "@/lib/content";
import { THANKS_PATH } from "@/lib/routes";
import type { QuoteFormProps } from "./QuoteForm";
import { QuoteFormIsland } from "./QuoteFormIsland";

/**
 * The quote form as a page places it (on `/` and on `/pristilbud`): the site's
 * words, the workshop's phone and e-mail, its inquiry user id and the thank-you
 * page to go to once the quote is sent. Server only: it reads the content.
 */
export function PageQuoteForm({ labelledBy, headingLevel }: Pick<QuoteFormProps, "labelledBy" | "headingLevel">) {
  const strings = getStrings();
  const site = getSite();
  return (
    <QuoteFormIsland
      strings={strings.quoteForm}
      fieldErrors={strings.fieldErrors}
      drafts={strings.drafts}
      contact={{ phone: site.phone, email: site.email }}
      userId={site.inquiryUserId}
      labelledBy={labelledBy}
      headingLevel={headingLevel}
      thanksHref={THANKS_PATH}
    />
  );
}
