import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { getSite, getStrings } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";
import { HOME_PATH, THANKS_PATH } from "@/lib/routes";

export function generateMetadata(): Metadata {
  return {
    ...pageMetadata(getSite(), { ...getStrings().thanksPage.meta, path: THANKS_PATH }),
    robots: { index: false },
  };
}

/** Where both forms land after an ok response. */
export default function ThanksPage() {
  const page = getStrings().thanksPage;
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.mark} aria-hidden="true">
        ✓
      </div>
      <h1>{page.heading}</h1>
      <p className="lead">{page.text}</p>
      <ButtonLink href={HOME_PATH} variant="secondary">
        {page.homeLink}
      </ButtonLink>
    </div>
  );
}
