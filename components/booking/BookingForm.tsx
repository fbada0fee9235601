"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type RefObject } from "react";
import buttonStyles from "@/components/ui/ButtonLink.module.css";
import { sendContact } from "@/lib/api/contract";
import { bookingMessage, validateContactFields, type ContactFieldErrors } from "@/lib/booking";
import { clearSelection, sessionStore } from "@/lib/calculator/storage";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import { useStoredSelection } from "./useStoredSelection";
import fieldStyles from "@/components/ui/Field.module.css";
import styles from "./Booking.module.css";

export const THANKS_PATH = "/takk-for-henvendelsen";

type Status = "editing" | "sending" | "failed" | "sent";

/**
 * The booking form: e-mail, phone, an optional message prefilled from the
 * calculator's selection. Sent with `sendContact`; only an ok answer clears the
 * stored selection and goes to the thank-you page. A failure keeps everything
 * and says so, with a retry.
 */
export function BookingForm({
  strings,
  fieldErrors,
  contact,
}: {
  strings: Strings["booking"];
  /** the e-mail and phone messages shared with the quote form */
  fieldErrors: Strings["fieldErrors"];
  contact: { phone: string; email: string };
}) {
  const router = useRouter();
  const id = useId();
  const selection = useStoredSelection();
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  // null until the visitor edits it: until then the message is the prefilled greeting and services
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<Status>("editing");
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const messageValue = message ?? bookingMessage(selection ?? null, strings);
  const busy = status === "sending" || status === "sent";

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const problems = validateContactFields({ email, phone }, fieldErrors);
    setErrors(problems);
    if (problems.email) return emailRef.current?.focus();
    if (problems.phone) return phoneRef.current?.focus();

    setStatus("sending");
    try {
      await sendContact({ email: email.trim(), phone: phone.trim(), message: messageValue });
    } catch {
      setStatus("failed");
      return;
    }
    setStatus("sent");
    const storage = sessionStore();
    if (storage) clearSelection(storage);
    router.push(THANKS_PATH);
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <TextField
        id={`${id}-email`}
        label={strings.email}
        error={errors.email}
        inputRef={emailRef}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        value={email}
        onChange={(value) => {
          setEmail(value);
          setErrors((prev) => ({ ...prev, email: undefined }));
        }}
      />
      <TextField
        id={`${id}-phone`}
        label={strings.phone}
        error={errors.phone}
        inputRef={phoneRef}
        type="tel"
        name="phone"
        autoComplete="tel"
        maxLength={40}
        value={phone}
        onChange={(value) => {
          setPhone(value);
          setErrors((prev) => ({ ...prev, phone: undefined }));
        }}
      />
      <div className={`${fieldStyles.field} ${styles.field}`}>
        <label htmlFor={`${id}-message`}>{strings.message}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={11}
          maxLength={5000}
          value={messageValue}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>

      {status === "failed" && (
        <div role="alert" className={styles.failure}>
          <p>{fill(strings.failed, contact)}</p>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={() => formRef.current?.requestSubmit()}
          >
            {strings.retry}
          </button>
        </div>
      )}

      <button
        type="submit"
        className={`${buttonStyles.button} ${buttonStyles.action} ${buttonStyles.lg} ${styles.submit}`}
        aria-disabled={busy || undefined}
      >
        {status === "sending" ? strings.sending : strings.submit}
      </button>
    </form>
  );
}

/** A required one-line field with its label and, when there is one, its error (linked with aria-describedby). */
function TextField({
  id,
  label,
  error,
  inputRef,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange">) {
  return (
    <div className={`${fieldStyles.field} ${styles.field}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
