import type { Metadata } from "next";
import { CasePage } from "@/components/case/CasePage";
import { getEmails, getSite, getStrings } from "@/lib/content";
import { pick } from "@/lib/pick";
import { pageMetadata } from "@/lib/seo";
import { CASE_PATH } from "@/lib/routes";

/**
 * The customer's case, opened from the workshop's e-mail. Kept out of search and
 * the sitemap, and it tells no other site where the visitor came from: the
 * link's token must never travel on.
 */
export function generateMetadata(): Metadata {
  return {
    ...pageMetadata(getSite(), { ...getStrings().casePage.meta, path: CASE_PATH }),
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default function CaseRoute() {
  const site = getSite();
  const strings = getStrings();
  const { quoteForm } = strings;
  return (
    <div className="container page-body">
      <CasePage
        strings={{
          page: strings.casePage,
          priceTypes: getEmails().caseLink.priceTypes,
          photos: pick(quoteForm, ["labels", "progress", "photoCheck", "photoGuide"]),
          failure: pick(quoteForm.failure, ["contact", "retry"]),
          times: pick(strings.booking, [
            "timesHeading",
            "timesLegend",
            "timeOption",
            "moreDays",
            "timesLoading",
            "noTimes",
            "timesFailed",
            "timeTaken",
          ]),
        }}
        contact={{ phone: site.phone, email: site.email }}
      />
    </div>
  );
}
