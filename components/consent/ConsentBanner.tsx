"use client";

import Link from "next/link";
import type { Strings } from "@/lib/content/strings-schema";
import { writeConsent } from "@/lib/consent";
import { choiceClass } from "./choice";
import styles from "./Consent.module.css";
import { useConsent } from "./useConsent";

interface Props {
  strings: Pick<Strings["consent"], "bannerHeading" | "bannerText" | "privacyLink" | "accept" | "decline">;
  privacyHref: string;
}

/**
 * First visit: asks for consent to analytics and the Google map, with `Godta` and
 * `Avslå` side by side and alike. Nothing is ticked in advance and nothing loads
 * until the visitor chooses. It is a region, not a modal: the page stays usable,
 * and on a phone it sits above the action bar, so the quote and call buttons stay
 * in reach. Early in the tab order (after the skip link). The choice is kept in
 * localStorage (`lib/consent.ts`) and changed on /personvern. A build with neither
 * a tag manager nor a map key has nothing to ask about, and shows no banner.
 */
export function ConsentBanner({ strings, privacyHref }: Props) {
  const { choice, needed } = useConsent();
  if (!needed || choice !== "unset") return null;
  // the banner goes with the choice: the keyboard goes on from the page's content, not from the top
  const choose = (consent: "granted" | "denied") => {
    document.getElementById("main")?.focus({ preventScroll: true });
    writeConsent(consent);
  };
  return (
    <section className={styles.banner} aria-labelledby="samtykke-tittel" data-consent-banner="">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id="samtykke-tittel" className={styles.heading}>
            {strings.bannerHeading}
          </h2>
          <p className={styles.text}>
            {strings.bannerText} <Link href={privacyHref}>{strings.privacyLink}</Link>
          </p>
        </div>
        <div className={styles.choices}>
          <button type="button" className={choiceClass} onClick={() => choose("granted")}>
            {strings.accept}
          </button>
          <button type="button" className={choiceClass} onClick={() => choose("denied")}>
            {strings.decline}
          </button>
        </div>
      </div>
    </section>
  );
}
