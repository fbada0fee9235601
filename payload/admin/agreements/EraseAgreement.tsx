"use client";
/**
 * On an agreement's page: deleting it at the customer's request. The reason
 * is required and kept in its place (Slettede avtaler); the agreement itself
 * cannot be changed.
 */
import { Button, useConfig, useDocumentInfo } from "@payloadcms/ui";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { ERASURE_REASON_MAX, eraseAgreementSchema } from "../../../lib/api/case-link";
import { staffCall } from "../shared/staff-call";
// the case answer's form styles: one look for the staff's forms
import answer from "../case-answer/CaseAnswer.module.css";
import form from "../case-answer/OfferForm.module.css";

export function EraseAgreement() {
  const { id: documentId } = useDocumentInfo();
  const { config } = useConfig();
  const router = useRouter();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const [sending, setSending] = useState(false);
  if (documentId === undefined) return null;

  async function erase() {
    const checked = eraseAgreementSchema.safeParse({ reason });
    if (!checked.success) {
      setError("Skriv hvorfor avtalen slettes, for eksempel «Kunden ba om det på e-post 2. desember».");
      field.current?.focus();
      return;
    }
    setError(undefined);
    setFailed(undefined);
    setSending(true);
    const { said, errors } = await staffCall(
      `/agreements/${encodeURIComponent(String(documentId))}/erase`,
      checked.data,
    );
    setSending(false);
    if (said.ok) {
      router.push(`${config.routes.admin}/collections/agreements`);
      router.refresh();
      return;
    }
    if (errors.reason) setError(errors.reason);
    setFailed(said.text);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={answer.block}>
      <h3 id={`${id}-heading`} className={answer.subheading}>
        Slett på kundens forespørsel
      </h3>
      <div className={form.group}>
        <label className="field-label" htmlFor={`${id}-reason`}>
          Grunn
        </label>
        <textarea
          ref={field}
          id={`${id}-reason`}
          className={form.textarea}
          rows={2}
          maxLength={ERASURE_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-text${error ? ` ${id}-error` : ""}`}
        />
        <p id={`${id}-text`} className={answer.description}>
          Avtalen slettes for godt. Saksnummeret, når den ble godtatt og grunnen tas vare på under Slettede avtaler.
        </p>
        {error && (
          <p id={`${id}-error`} className={form.error}>
            {error}
          </p>
        )}
      </div>
      <div className={form.actions}>
        <Button buttonStyle="secondary" size="large" margin={false} disabled={sending} onClick={erase}>
          Slett avtalen
        </Button>
        {sending && <span className={answer.quiet}>Sletter …</span>}
      </div>
      <div role="status" className={failed ? form.failed : undefined}>
        {failed}
      </div>
    </section>
  );
}
