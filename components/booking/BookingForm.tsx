"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
} from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { DraftNotice, DraftOffer } from "@/components/drafts/DraftNotice";
import { useDraft } from "@/components/drafts/useDraft";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/TextField";
import { useHydrated } from "@/components/ui/useHydrated";
import { FIELD_LIMITS } from "@/lib/api/schemas";
import { sendContact } from "@/lib/api/transport";
import { bookingMessage, bookingSchema, type BookingFields, type BookingValues } from "@/lib/booking";
import { keepTyped, typedSinceDraft } from "@/lib/drafts/typed-since";
import { clearCalculatorDraft } from "@/lib/calculator/draft";
import { clearSelection, sessionStore } from "@/lib/calculator/storage";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import { useStoredSelection } from "./useStoredSelection";
import fieldStyles from "@/components/ui/Field.module.css";
import styles from "./Booking.module.css";
import { THANKS_PATH } from "@/lib/routes";

type Status = "editing" | "sending" | "failed" | "sent";

/**
 * The message starts as the calculator's selection (greeting, services, size,
 * price), known only after hydration; once the visitor edits it, it is theirs.
 * Answers whether it is theirs, and the handler that marks it so.
 */
function usePrefilledMessage(form: UseFormReturn<BookingFields, unknown, BookingValues>, strings: Strings["booking"]) {
  const selection = useStoredSelection();
  const edited = useRef(false);
  const { setValue, getValues } = form;
  // a message typed before the form's code arrived is the visitor's
  useEffect(() => {
    if (getValues("message")) edited.current = true;
  }, [getValues]);
  useEffect(() => {
    if (selection !== undefined && !edited.current) setValue("message", bookingMessage(selection, strings));
  }, [selection, setValue, strings]);
  const markEdited = useCallback(() => {
    edited.current = true;
  }, []);
  const isEdited = useCallback(() => edited.current, []);
  return { markEdited, isEdited };
}

/** Not sent: says so with the workshop's phone and e-mail, and `Prøv igjen`. */
function BookingFailure({
  strings,
  contact,
  onRetry,
}: {
  strings: Strings["booking"];
  contact: { phone: string; email: string };
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={styles.failure}>
      <p>{fill(strings.failed, contact)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {strings.retry}
      </Button>
    </div>
  );
}

/**
 * The send: only an ok answer clears the calculator's stored selection (and its draft) and goes
 * to the thank-you page; a failure keeps everything (status `failed`).
 */
function useBookingSend(discardDraft: () => Promise<void>) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>("editing");
  // set at once, before React renders the status: a second submit in the same moment sends nothing
  const inFlight = useRef(false);
  const send = async (values: BookingValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus("sending");
    try {
      await sendContact(values);
    } catch {
      inFlight.current = false;
      setStatus("failed");
      return;
    }
    setStatus("sent");
    const storage = sessionStore();
    if (storage) clearSelection(storage);
    // the booking is made: the calculator's choices and this form's draft have done their job
    await Promise.all([discardDraft(), clearCalculatorDraft()]);
    router.push(THANKS_PATH);
  };
  return { status, busy: status === "sending" || status === "sent", send };
}

/** What the booking form's draft keeps: the message only when the visitor wrote it. */
type BookingDraft = Pick<BookingFields, "email" | "phone"> & { message?: string };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The booking form's draft on the device: saved as the visitor types, and only
 * what they typed: a message prefilled from the calculator is not kept, so the
 * message always follows the calculator's latest choice until the visitor
 * writes it. Put back on the next visit, field by field as text (a draft this
 * form did not write gives empty fields), the prefilled message left alone
 * unless the draft has the visitor's own. With `Fortsett`, what the visitor
 * typed meanwhile stays: the draft fills only the fields they left empty.
 */
function useBookingDraft(
  form: UseFormReturn<BookingFields, unknown, BookingValues>,
  { markEdited, isEdited }: ReturnType<typeof usePrefilledMessage>,
) {
  const { getValues, reset } = form;
  const snapshot = useCallback((): BookingDraft | undefined => {
    const { email, phone, message } = getValues();
    const draft: BookingDraft = { email, phone, ...(isEdited() && { message }) };
    return Object.values(draft).some((v) => v?.trim()) ? draft : undefined;
  }, [getValues, isEdited]);
  const restore = useCallback(
    (stored: BookingDraft, asked: boolean) => {
      const draft = { email: text(stored.email), phone: text(stored.phone) };
      const onPage = getValues();
      const typed = { email: text(onPage.email), phone: text(onPage.phone) };
      if (!asked && typedSinceDraft(typed, draft)) return false; // the visitor was quicker
      // the message the visitor wrote on the page, else the draft's own (even one they emptied), else the calculator's
      const own = !isEdited() && typeof stored.message === "string";
      if (own) markEdited();
      reset({ ...keepTyped(typed, draft), message: own ? stored.message! : text(onPage.message) });
      return true;
    },
    [getValues, reset, markEdited, isEdited],
  );
  return useDraft<BookingDraft>("booking", { snapshot, restore });
}

/**
 * The booking form's state: react-hook-form over the booking schema, the
 * prefilled message, the draft on the device and the send. A field's error
 * goes as soon as the visitor changes it; the next check is at `Send`.
 */
function useBookingForm(strings: Strings["booking"], fieldErrors: Strings["fieldErrors"]) {
  const resolver = useMemo(() => zodResolver(bookingSchema(fieldErrors)), [fieldErrors]);
  const form = useForm<BookingFields, unknown, BookingValues>({
    // No defaults: react-hook-form then takes each field's value from the page
    // when it registers it, so what was typed into the prerendered form before
    // this code arrived stays.
    defaultValues: {},
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { register, handleSubmit, clearErrors, setFocus } = form;
  const prefilled = usePrefilledMessage(form, strings);
  const { markEdited } = prefilled;
  const draft = useBookingDraft(form, prefilled);
  const { status, busy, send } = useBookingSend(draft.discard);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void handleSubmit(send, (errors) => setFocus(errors.email ? "email" : "phone"))(event);
  };
  const field = (name: "email" | "phone") =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        draft.schedule();
      },
    });
  const message = register("message", {
    onChange: () => {
      markEdited();
      draft.schedule();
    },
  });
  const focusFirst = () => setFocus("email");
  const startOver = () => {
    void draft.discard();
    form.reset({ email: "", phone: "", message: "" });
    requestAnimationFrame(focusFirst); // once the notice (and its button) is gone
  };
  return { form, draft, status, busy, submit, field, message, startOver, focusFirst };
}

/**
 * The booking form: e-mail, phone, an optional message prefilled from the
 * calculator's selection, in react-hook-form checked by the booking schema
 * (both problems shown at once, focus on the first). Sent with `sendContact`;
 * only an ok answer clears the stored selection and goes to the thank-you page.
 * A failure keeps everything and says so, with a retry.
 */
export function BookingForm({
  strings,
  fieldErrors,
  drafts,
  contact,
}: {
  strings: Strings["booking"];
  /** the e-mail and phone messages shared with the quote form */
  fieldErrors: Strings["fieldErrors"];
  drafts: Strings["drafts"];
  contact: { phone: string; email: string };
}) {
  const id = useId();
  const { form, draft, status, busy, submit, field, message, startOver, focusFirst } = useBookingForm(
    strings,
    fieldErrors,
  );
  const ready = useHydrated();
  const { formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const classes = { field: styles.field };
  const contactField = (name: "email" | "phone", input: InputHTMLAttributes<HTMLInputElement>) => (
    <TextField
      id={`${id}-${name}`}
      label={strings[name]}
      error={formState.errors[name]?.message}
      classes={classes}
      required
      {...input}
      maxLength={FIELD_LIMITS[name]}
      {...field(name)}
    />
  );

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <DraftOffer draft={draft} text={drafts.offerBooking} strings={drafts} onAnswered={focusFirst} />
      {draft.restored && <DraftNotice strings={drafts} onStartOver={startOver} />}
      {contactField("email", { type: "email", autoComplete: "email", inputMode: "email" })}
      {contactField("phone", { type: "tel", autoComplete: "tel" })}
      <div className={`${fieldStyles.field} ${styles.field}`}>
        <label htmlFor={`${id}-message`}>{strings.message}</label>
        <textarea id={`${id}-message`} rows={11} maxLength={FIELD_LIMITS.message} {...message} />
      </div>

      {status === "failed" && (
        <BookingFailure strings={strings} contact={contact} onRetry={() => formRef.current?.requestSubmit()} />
      )}

      <Button type="submit" size="lg" className={styles.submit} disabled={!ready} aria-disabled={busy || undefined}>
        {status === "sending" ? strings.sending : strings.submit}
      </Button>
    </form>
  );
}
