"use client";
/**
 * The workshop's offer on a quote's page (./CaseAnswer.tsx): its kind of
 * price, its lines in whole kroner with VAT, the last day it holds, one to
 * three times the customer may bring the car, on Oslo's clock, and a note,
 * shown as the customer will see it while it is written (./OfferPreview.tsx).
 * It is checked by the draft's rules (./offer-draft.ts) before it goes, sent
 * to the plugin's staff call with the staff member's login, and the page is
 * then read again so the history shows it. It sits inside the page's own
 * form, so it is a group, not a form: Enter in one of its inputs does
 * nothing (it would save the page), and only its button sends.
 */
import { Button } from "@payloadcms/ui";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import page from "./CaseAnswer.module.css";
import { keepEnter, Message } from "./form-parts";
import { checkDraft, draftErrors, emptyDraft, type Draft, type Errors } from "./offer-draft";
import { NoteField, PriceTypeChoice, TimesField, ValidUntilField, type PartProps } from "./offer-fields";
import { LinesField } from "./offer-lines";
import styles from "./OfferForm.module.css";
import { OfferPreview, type PreviewTexts } from "./OfferPreview";
import { staffCall, type Said } from "../shared/staff-call";

interface OfferFormProps {
  quoteId: string;
  regNumber: string;
  texts: PreviewTexts;
  /** today on Oslo's calendar, `YYYY-MM-DD` */
  today: string;
  defaultValidUntil: string;
  /** the version of an offer still open, which a new one replaces */
  replaces?: number;
}

export function OfferForm({ quoteId, regNumber, texts, today, defaultValidUntil, replaces }: OfferFormProps) {
  const router = useRouter();
  const id = useId();
  const keys = useRef(1);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(defaultValidUntil));
  // once a send was tried, the form's own rules are shown as the offer is corrected; the server's until a change
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<Errors>({});
  const [said, setSaid] = useState<Said>();
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLElement>(null);
  const idOf = (path: string) => `${id}-${path.replace(/\./g, "-")}`;
  const errors = { ...(tried ? draftErrors(draft, today) : {}), ...refused };
  const change = (update: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...update }));
    setRefused({});
  };
  const parts: PartProps = { draft, change, errors, idOf };

  /** Focus on the first field at fault, so a keyboard or a screen reader lands on it. */
  const focusFirst = (found: Errors) =>
    Object.keys(found)
      .map((path) => box.current?.querySelector<HTMLElement>(`[data-path="${path}"]`))
      .find(Boolean)
      ?.focus();

  async function send() {
    const checked = checkDraft(draft, today);
    setTried(true);
    setRefused(checked.errors);
    if (!checked.body) {
      setSaid({ ok: false, text: "Tilbudet er ikke sendt. Rett det som er merket." });
      focusFirst(checked.errors);
      return;
    }
    setSending(true);
    setSaid(undefined);
    const answer = await staffCall(`/inquiries/${encodeURIComponent(quoteId)}/send-offer`, checked.body);
    setSending(false);
    setSaid(answer.said);
    setRefused(answer.errors);
    if (!answer.said.ok) return focusFirst(answer.errors);
    setTried(false);
    setDraft(emptyDraft(defaultValidUntil, keys.current++));
    router.refresh();
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={page.block} onKeyDown={keepEnter} ref={box}>
      <h3 id={`${id}-heading`} className={page.subheading}>
        {replaces ? `Nytt tilbud (erstatter versjon ${replaces})` : "Nytt tilbud"}
      </h3>
      <div className={styles.offerGrid}>
        <div className={styles.fields}>
          <PriceTypeChoice {...parts} texts={texts} />
          <LinesField {...parts} newKey={() => keys.current++} />
          <ValidUntilField {...parts} today={today} />
          <TimesField {...parts} today={today} />
          <NoteField {...parts} />
        </div>
        <OfferPreview regNumber={regNumber} texts={texts} draft={draft} />
      </div>
      <div className={styles.actions}>
        <Button buttonStyle="primary" size="large" margin={false} disabled={sending} onClick={send}>
          Send tilbud
        </Button>
        {sending && <span className={page.quiet}>Sender …</span>}
      </div>
      <Message said={said} />
    </section>
  );
}
