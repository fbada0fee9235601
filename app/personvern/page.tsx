import type { Metadata } from "next";
import { PageIntro } from "@/components/content/PageIntro";
import { Prose } from "@/components/content/Prose";
import { ConsentSettings } from "@/components/consent/ConsentSettings";
import { getPrivacyPage, getSite, getStrings } from "@/lib/content";
import { formatDate } from "@/lib/format";
import { pageMetadata } from "@/lib/seo";
import { PRIVACY_PATH } from "@/lib/routes";

export function generateMetadata(): Metadata {
  const { data } = getPrivacyPage();
  return pageMetadata(getSite(), { title: data.title, description: data.description, path: PRIVACY_PATH });
}

export default function PrivacyPage() {
  const { data, body } = getPrivacyPage();
  const strings = getStrings();
  return (
    <>
      <PageIntro
        title={data.title}
        eyebrow={
          <>
            {strings.privacyPage.updatedLabel} <time dateTime={data.updated}>{formatDate(data.updated)}</time>
          </>
        }
      />
      <div className="container page-body">
        <ConsentSettings strings={strings.consent} />
        <Prose markdown={body} />
      </div>
    </>
  );
}
