import Link from "next/link";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./QuoteForm.module.css";
import { PRIVACY_PATH } from "@/lib/routes";

/** `Send forespørsel` and the line about privacy with its link. */
export function SubmitRow({ labels, disabled }: { labels: Strings["quoteForm"]["labels"]; disabled: boolean }) {
  return (
    <div className={styles.submitRow}>
      <button type="submit" className={styles.submit} disabled={disabled}>
        {labels.submit}
      </button>
      <p className={styles.privacy}>
        {labels.privacy} <Link href={PRIVACY_PATH}>{labels.privacyLink}</Link>.
      </p>
    </div>
  );
}
