"use client";

import type { Strings } from "@/lib/content/strings-schema";
import { type Consent, writeConsent } from "@/lib/consent";
import { choiceClass } from "./choice";
import styles from "./Consent.module.css";
import { useConsent } from "./useConsent";

type ConsentStrings = Strings["consent"];

/**
 * On /personvern: the current choice, and `Godta` / `Avslå` to change it at any
 * time (the pressed one is the current choice); or, in a build with nothing that
 * needs consent, a line saying so, with no buttons.
 *
 * Both are always in the markup. Which one shows is the server's to say: the
 * section carries `data-consent-needed`, rendered from the build's configuration,
 * and the stylesheet hides the other one (out of the accessibility tree too). So
 * the prerendered page already shows the right one, and hydration moves nothing.
 * (e2e/built-with.ts, serving a page as built with a GTM id or a maps key, flips
 * the attribute in the HTML to match.) The choice itself is unknown until the
 * page's script runs: until then the status line is empty and the buttons disabled.
 */
export function ConsentSettings({ strings }: { strings: ConsentStrings }) {
  const { choice, needed } = useConsent();
  return (
    <section
      id="samtykke"
      data-consent-needed={needed ? "true" : "false"}
      className={styles.settings}
      aria-labelledby="samtykke-valg"
    >
      <h2 id="samtykke-valg" className={styles.settingsHeading}>
        {strings.settingsHeading}
      </h2>
      <ChoiceControl strings={strings} choice={choice} />
      <p className={styles.none} role="status">
        {strings.settingsNone}
      </p>
    </section>
  );
}

/** The "needed" variant: the choice, and the buttons that change it. */
function ChoiceControl({ strings, choice }: { strings: ConsentStrings; choice: Consent | null }) {
  const status =
    choice === "granted" ? strings.statusGranted : choice === "denied" ? strings.statusDenied : strings.statusUnset;
  return (
    <div className={styles.needed}>
      <p>{strings.settingsText}</p>
      <p className={styles.status} role="status">
        {choice === null ? "" : status}
      </p>
      <noscript>
        <p>{strings.settingsNoScript}</p>
      </noscript>
      <div className={styles.choices}>
        {(["granted", "denied"] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={choiceClass}
            aria-pressed={choice === option}
            disabled={choice === null}
            onClick={() => writeConsent(option)}
          >
            {option === "granted" ? strings.accept : strings.decline}
          </button>
        ))}
      </div>
    </div>
  );
}
