"use client";

import type { Strings } from "@/lib/content/strings-schema";
import { writeConsent } from "@/lib/consent";
import { choiceClass } from "./choice";
import styles from "./Consent.module.css";
import { useConsent } from "./useConsent";

/**
 * On /personvern: the current choice, and `Godta` / `Avslå` to change it at any
 * time (the pressed one is the current choice). Prerendered without a choice;
 * the buttons work once the page's script runs. A build with nothing that needs
 * consent says so instead, with no buttons.
 */
export function ConsentSettings({ strings }: { strings: Strings["consent"] }) {
  const { choice: consent, needed } = useConsent();
  if (consent !== null && !needed) {
    return (
      <section id="samtykke" className={styles.settings} aria-labelledby="samtykke-valg">
        <h2 id="samtykke-valg" className={styles.settingsHeading}>
          {strings.settingsHeading}
        </h2>
        <p role="status">{strings.settingsNone}</p>
      </section>
    );
  }
  const status =
    consent === "granted" ? strings.statusGranted : consent === "denied" ? strings.statusDenied : strings.statusUnset;
  return (
    <section id="samtykke" className={styles.settings} aria-labelledby="samtykke-valg">
      <h2 id="samtykke-valg" className={styles.settingsHeading}>
        {strings.settingsHeading}
      </h2>
      <p>{strings.settingsText}</p>
      <p className={styles.status} role="status">
        {consent === null ? "" : status}
      </p>
      <noscript>
        <p>{strings.settingsNoScript}</p>
      </noscript>
      <div className={styles.choices}>
        {(["granted", "denied"] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={choiceClass}
            aria-pressed={consent === choice}
            disabled={consent === null}
            onClick={() => writeConsent(choice)}
          >
            {choice === "granted" ? strings.accept : strings.decline}
          </button>
        ))}
      </div>
    </section>
  );
}
