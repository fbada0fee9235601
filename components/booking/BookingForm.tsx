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
import { Button, buttonClass } from "@/components/ui/Button";
import { TextField } from "@/components/ui/TextField";
import { useHydrated } from "@/components/ui/useHydrated";
import { CALENDAR_FILE_NAME } from "@/lib/api/booking-times";
import { FIELD_LIMITS } from "@/lib/api/schemas";
import { sendContact, TimeTakenError } from "@/lib/api/transport";
import { bookingMessage, bookingSchema, type BookingFields, type BookingValues } from "@/lib/booking";
import { keepTyped, typedSinceDraft } from "@/lib/drafts/typed-since";
import { clearCalculatorDraft } from "@/lib/calculator/draft";
import { clearSelection, sessionStore } from "@/lib/calculator/storage";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, formatMoment } from "@/lib/format";
import { TimePicker } from "./TimePicker";
import { jobOf, useBookingTime } from "./useBookingTime";
import { useStoredSelection } from "./useStoredSelection";
import fieldStyles from "@/components/ui/Field.module.css";
import styles from "./Booking.module.css";
import { THANKS_PATH } from "@/lib/routes";

type Status = "editing" | "sending" | "failed" | "sent" | "booked";

/**
 * The message starts as the calculator's selection (greeting, services, size,
 * price), known only after hydration; once the visitor edits it, it is theirs.
 * Returns whether it is theirs, and the handler that marks it so.
 */
function usePrefilledMessage(
  form: UseFormReturn<BookingFields, unknown, BookingValues>,
  strings: Strings["booking"],
  selection: ReturnType<typeof useStoredSelection>,
) {
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

/** A booking made with a time: when, where the confirmation went, and its calendar file when it came. */
interface Booked {
  at: string;
  email: string;
  calendarFile?: string;
}

/**
 * The send: only an ok answer clears the calculator's stored selection (and
 * its draft), then says the time is booked (status `booked`) or, without a
 * time, goes to the thank-you page. A time taken meanwhile goes back to the
 * form with the nearest free times; any other failure keeps everything
 * (status `failed`).
 */
function useBookingSend(discardDraft: () => Promise<void>, time: ReturnType<typeof useBookingTime>) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>("editing");
  const [booked, setBooked] = useState<Booked>();
  // set at once, before React renders the status: a second submit in the same moment sends nothing
  const inFlight = useRef(false);
  const send = async (values: BookingValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus("sending");
    const wanted = time.request();
    let calendarFile: string | undefined;
    try {
      ({ calendarFile } = await sendContact({ ...values, ...(wanted && { time: wanted }) }));
    } catch (error) {
      inFlight.current = false;
      if (error instanceof TimeTakenError) {
        time.wasTaken(error.times);
        setStatus("editing");
      } else setStatus("failed");
      return;
    }
    const storage = sessionStore();
    if (storage) clearSelection(storage);
    // the booking is made: the calculator's choices and this form's draft have done their job
    await Promise.all([discardDraft(), clearCalculatorDraft()]);
    if (wanted) {
      setBooked({ at: wanted.at, email: values.email, calendarFile });
      setStatus("booked");
    } else {
      setStatus("sent");
      router.push(THANKS_PATH);
    }
  };
  return { status, booked, busy: status === "sending" || status === "sent", send };
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
function useBookingForm(strings: Strings["booking"], fieldErrors: Strings["fieldErrors"], earlyStartRequired: string) {
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
  const selection = useStoredSelection();
  const prefilled = usePrefilledMessage(form, strings, selection);
  const { markEdited } = prefilled;
  const draft = useBookingDraft(form, prefilled);
  const time = useBookingTime(jobOf(selection), earlyStartRequired);
  const { status, booked, busy, send } = useBookingSend(draft.discard, time);
  // every problem is shown at once; the focus goes to the first, in the page's order: the time, then the fields
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const timeOk = time.check();
    const valid = (values: BookingValues) => (timeOk ? send(values) : time.earlyRef.current?.focus());
    const invalid = (errors: Partial<Record<keyof BookingFields, unknown>>) =>
      timeOk ? setFocus(errors.email ? "email" : "phone") : time.earlyRef.current?.focus();
    void handleSubmit(valid, invalid)(event);
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
  return { form, draft, time, status, booked, busy, submit, field, message, startOver, focusFirst };
}

/**
 * `Timen er bestilt: tirsdag 8. desember kl. 07:30.`, where the confirmation
 * went, and `Legg i kalenderen`, the booking's calendar file; it takes the focus.
 */
function BookedNotice({ strings, booked }: { strings: Strings["booking"]; booked: Booked }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className={styles.booked}>
      <p className={styles.bookedTime}>{fill(strings.booked, { time: formatMoment(booked.at) })}</p>
      <p>{fill(strings.confirmationSent, { email: booked.email })}</p>
      {booked.calendarFile && (
        <a
          className={buttonClass({ variant: "secondary", className: styles.calendarLink })}
          href={`data:text/calendar;charset=utf-8,${encodeURIComponent(booked.calendarFile)}`}
          download={CALENDAR_FILE_NAME}
        >
          {strings.addToCalendar}
        </a>
      )}
    </div>
  );
}

/**
 * The booking form: with the calculator's choice, the free times to book
 * (TimePicker); e-mail, phone, an optional message prefilled from the
 * calculator's selection, in react-hook-form checked by the booking schema
 * (every problem shown at once, focus on the first). Sent with `sendContact`;
 * only an ok answer clears the stored selection, then says the time is booked
 * or, without a time, goes to the thank-you page. A failure keeps everything
 * and says so, with a retry.
 */
export function BookingForm({
  strings,
  fieldErrors,
  drafts,
  earlyStart,
  contact,
}: {
  strings: Strings["booking"];
  /** the e-mail and phone messages shared with the quote form */
  fieldErrors: Strings["fieldErrors"];
  drafts: Strings["drafts"];
  /** the early-start box's text and its message when missing, the same as the offer's */
  earlyStart: { text: string; required: string };
  contact: { phone: string; email: string };
}) {
  const id = useId();
  const { form, draft, time, status, booked, busy, submit, field, message, startOver, focusFirst } = useBookingForm(
    strings,
    fieldErrors,
    earlyStart.required,
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

  if (status === "booked" && booked) return <BookedNotice strings={strings} booked={booked} />;
  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      <DraftOffer draft={draft} text={drafts.offerBooking} strings={drafts} onAnswered={focusFirst} />
      {draft.restored && <DraftNotice strings={drafts} onStartOver={startOver} />}
      {time.offered && <TimePicker id={id} strings={strings} earlyStartText={earlyStart.text} {...time.picker} />}
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
        {status === "sending" ? strings.sending : time.choice.chosen ? strings.submitTime : strings.submit}
      </Button>
    </form>
  );
}
