"use client";

import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./DraftNotice.module.css";

/** `Vi har tatt vare på utkastet ditt.` and `Start på nytt`, above a form that was put back from its draft. */
export function DraftNotice({ strings, onStartOver }: { strings: Strings["drafts"]; onStartOver: () => void }) {
  return (
    <div className={styles.notice} role="status">
      <p>{strings.restored}</p>
      <Button variant="secondary" onClick={onStartOver}>
        {strings.startOver}
      </Button>
    </div>
  );
}

/** `Du er uten nett. …`: the quote is kept and goes by itself when the connection returns. */
export function OfflineNotice({ text }: { text: string }) {
  return (
    <div className={`${styles.notice} ${styles.offline}`} role="status">
      <p>
        <Icon name="alert" size={20} />
        {text}
      </p>
    </div>
  );
}
