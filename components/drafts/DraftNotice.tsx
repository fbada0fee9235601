"use client";

import type { Strings } from "@/lib/content/strings-schema";
import styles from "./DraftNotice.module.css";

/** `Vi har tatt vare på utkastet ditt.` and `Start på nytt`, above a form that was put back from its draft. */
export function DraftNotice({ strings, onStartOver }: { strings: Strings["drafts"]; onStartOver: () => void }) {
  return (
    <div className={styles.notice} role="status">
      <p>{strings.restored}</p>
      <button type="button" className={styles.startOver} onClick={onStartOver}>
        {strings.startOver}
      </button>
    </div>
  );
}
