"use client";

import type { Ref } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, formatDate } from "@/lib/format";
import type { useDraft } from "./useDraft";
import styles from "./DraftNotice.module.css";

/** The local calendar day of `date`, written as the site writes dates (`13. oktober 2023`). */
const longDate = (date: Date) =>
  formatDate(
    [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((n) => String(n).padStart(2, "0")).join("-"),
  );

/**
 * `Du har et påbegynt … fra <dato>. Vil du fortsette?` with `Fortsett` and
 * `Slett`: a draft from another visit (useDraft's `offer`), offered before
 * anything of it is shown; nothing while there is none. The question goes
 * with the answer, and the keyboard goes on in the form (`onAnswered`).
 */
export function DraftOffer({
  draft,
  text,
  strings,
  onAnswered,
}: {
  draft: Pick<ReturnType<typeof useDraft>, "offer" | "accept" | "decline">;
  /** the form's own sentence, with `{date}` */
  text: string;
  strings: Strings["drafts"];
  /** puts the keyboard on the form's first field, once the question (and the button that had focus) is gone */
  onAnswered: () => void;
}) {
  if (!draft.offer) return null;
  const answer = (choice: () => unknown) => () => {
    void choice();
    requestAnimationFrame(onAnswered);
  };
  return (
    <div className={styles.notice} role="status">
      <p>{fill(text, { date: longDate(draft.offer) })}</p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={answer(draft.accept)}>
          {strings.resume}
        </Button>
        <Button variant="secondary" onClick={answer(draft.decline)}>
          {strings.delete}
        </Button>
      </div>
    </div>
  );
}

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
export function OfflineNotice({ text, noticeRef }: { text: string; noticeRef?: Ref<HTMLDivElement> }) {
  return (
    <div className={`${styles.notice} ${styles.offline}`} role="status" ref={noticeRef} tabIndex={-1}>
      <p>
        <Icon name="alert" size={20} />
        {text}
      </p>
    </div>
  );
}
