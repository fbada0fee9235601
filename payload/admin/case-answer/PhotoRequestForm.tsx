"use client";
/**
 * Asks the customer for more photos, on a quote's page (./CaseAnswer.tsx):
 * the workshop's words go in the e-mail with the link. The words are checked
 * by the contract's own schema before they go, sent to the plugin's staff
 * call with the staff member's login, and the page is then read again so the
 * history shows it. Like the offer, it is a group inside the page's own form:
 * only its button sends.
 */
import { Button } from "@payloadcms/ui";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { CASE_LIMITS, requestPhotosSchema } from "../../../lib/api/case-link";
import page from "./CaseAnswer.module.css";
import { FieldError, invalid, keepEnter, Message } from "./form-parts";
import styles from "./OfferForm.module.css";
import { staffCall, type Said } from "../shared/staff-call";

export function PhotoRequestForm({ quoteId }: { quoteId: string }) {
  const router = useRouter();
  const id = useId();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string>();
  const [said, setSaid] = useState<Said>();
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  async function send() {
    const checked = requestPhotosSchema.safeParse({ message });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError(message.trim() ? (issue?.message ?? "Ugyldig tekst.") : "Skriv hvilke bilder dere trenger.");
      setSaid(undefined);
      field.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    setSaid(undefined);
    const answer = await staffCall(`/inquiries/${encodeURIComponent(quoteId)}/request-photos`, checked.data);
    setSending(false);
    setSaid(answer.said);
    if (answer.errors.message) setError(answer.errors.message);
    if (answer.said.ok) {
      setMessage("");
      router.refresh();
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={page.block} onKeyDown={keepEnter}>
      <h3 id={`${id}-heading`} className={page.subheading}>
        Flere bilder
      </h3>
      <div className={styles.group}>
        <label className="field-label" htmlFor={`${id}-message`}>
          Hvilke bilder trenger dere?
        </label>
        <textarea
          ref={field}
          id={`${id}-message`}
          className={styles.textarea}
          rows={3}
          maxLength={CASE_LIMITS.photoRequest}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          {...invalid(`${id}-error`, error, `${id}-text`)}
        />
        <p id={`${id}-text`} className={page.description}>
          Kunden får teksten på e-post, med en lenke der bildene sendes rett inn i saken.
        </p>
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <div className={styles.actions}>
        <Button buttonStyle="secondary" size="large" margin={false} disabled={sending} onClick={send}>
          Be om flere bilder
        </Button>
        {sending && <span className={page.quiet}>Sender …</span>}
      </div>
      <Message said={said} />
    </section>
  );
}
