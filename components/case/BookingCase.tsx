"use client";

/**
 * A booked time, opened from the link in its confirmation: what was booked
 * (the services, the car's size, the price), and until the cut-off `Endre
 * tid` (the free times for the same job, then `Bekreft ny tid`) and
 * `Avbestill timen` (then `Ja, avbestill` or `Behold timen`). A new time
 * taken meanwhile leaves the list, and the nearest free ones are offered.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { TimePicker } from "@/components/booking/TimePicker";
import { useBookingTime } from "@/components/booking/useBookingTime";
import { Button } from "@/components/ui/Button";
import { FieldError } from "@/components/ui/FieldError";
import { SendFailure } from "@/components/ui/SendFailure";
import type { ServiceId } from "@/lib/calculator/ids";
import type { CaseView } from "@/lib/case/client";
import { fill, formatMoment, formatPrice } from "@/lib/format";
import { failureTexts, type CaseStrings, type Contact } from "./types";
import type { useCaseAction } from "./useCaseAction";
import styles from "./CasePage.module.css";

type Booking = NonNullable<CaseView["booking"]>;
type Action = ReturnType<typeof useCaseAction>;

export interface BookingCaseProps {
  booking: Booking;
  strings: CaseStrings;
  contact: Contact;
  action: Action;
}

/** The booking as booked: its services, the car's size and the price with VAT. */
function BookedJob({ booking, texts }: { booking: Booking; texts: CaseStrings["page"]["booking"] }) {
  return (
    <section className={styles.section} aria-labelledby="booking-job-heading">
      <h2 id="booking-job-heading">{texts.servicesHeading}</h2>
      <ul className={styles.services}>
        {booking.titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <div>
          <dt>{texts.sizeLabel}</dt>
          <dd>{booking.size}</dd>
        </div>
        <div>
          <dt>{texts.totalLabel}</dt>
          <dd>{formatPrice(booking.priceNok)}</dd>
        </div>
      </dl>
    </section>
  );
}

export default function BookingCase({ booking, strings, contact, action }: BookingCaseProps) {
  const texts = strings.page.booking;
  const [mode, setMode] = useState<"view" | "moving" | "cancelling">("view");
  const changeRef = useRef<HTMLButtonElement>(null);
  // `Behold timen` puts the keyboard back on `Endre tid` once the buttons are there again
  const returning = useRef(false);
  useEffect(() => {
    if (mode !== "view" || !returning.current) return;
    returning.current = false;
    changeRef.current?.focus();
  }, [mode]);
  const back = () => {
    returning.current = true;
    setMode("view");
  };
  const failure = (failed: NonNullable<Action["failed"]>) => (
    <SendFailure
      texts={failureTexts(strings)}
      text={strings.page.failure.send}
      contact={contact}
      busy={action.busy}
      onRetry={() => void action.run(failed)}
    />
  );
  return (
    <>
      <BookedJob booking={booking} texts={texts} />
      {booking.changeable && (
        <section className={styles.section} aria-label={texts.change}>
          {mode === "view" && (
            <div className={styles.actions}>
              <Button ref={changeRef} variant="primary" onClick={() => setMode("moving")}>
                {texts.change}
              </Button>
              <Button variant="secondary" onClick={() => setMode("cancelling")}>
                {texts.cancel}
              </Button>
            </div>
          )}
          {mode === "moving" && <MoveForm {...{ booking, strings, action }} onBack={back} />}
          {mode === "cancelling" && <CancelQuestion {...{ booking, texts, action }} onBack={back} />}
          {action.failed && failure(action.failed)}
          {action.busy && (
            <p className={styles.sending} role="status">
              {strings.page.offer.sending}
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** `Endre tid`: the free times for the booked job, then `Bekreft ny tid`; `Behold timen` goes back. */
function MoveForm({
  booking,
  strings,
  action,
  onBack,
}: {
  booking: Booking;
  strings: CaseStrings;
  action: Action;
  onBack: () => void;
}) {
  const id = useId();
  const texts = strings.page.booking;
  const offer = strings.page.offer;
  const job = { services: booking.services as ServiceId[], size: booking.size };
  const time = useBookingTime(job, offer.earlyStartRequired);
  const [missing, setMissing] = useState(false);
  const { firstTimeRef } = time;
  const status = time.state.status;
  // the first free time takes the keyboard once the times are there
  useEffect(() => {
    if (status === "ready") firstTimeRef.current?.focus();
  }, [status, firstTimeRef]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = time.request();
    setMissing(!wanted);
    if (!wanted) return time.firstTimeRef.current?.focus();
    if (!time.check()) return time.earlyRef.current?.focus();
    const result = await action.run({ action: "move", at: wanted.at, earlyStart: wanted.earlyStart });
    if (result?.kind === "taken") time.wasTaken(result.times);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TimePicker id={id} strings={strings.times} earlyStartText={offer.earlyStart} {...time.picker} />
      <FieldError id={`${id}-missing`} text={missing && !time.choice.chosen ? texts.chooseTime : undefined} />
      <div className={styles.actions}>
        <Button type="submit" disabled={action.busy || time.state.status !== "ready"}>
          {texts.confirmChange}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={action.busy}>
          {texts.keep}
        </Button>
      </div>
    </form>
  );
}

/** `Avbestill timen`: the question, then `Ja, avbestill` or `Behold timen`. */
function CancelQuestion({
  booking,
  texts,
  action,
  onBack,
}: {
  booking: Booking;
  texts: CaseStrings["page"]["booking"];
  action: Action;
  onBack: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div className={styles.form}>
      <p>{fill(texts.cancelQuestion, { time: formatMoment(booking.at) })}</p>
      <div className={styles.actions}>
        <Button
          ref={confirmRef}
          variant="primary"
          onClick={() => void action.run({ action: "cancel" })}
          disabled={action.busy}
        >
          {texts.confirmCancel}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={action.busy}>
          {texts.keep}
        </Button>
      </div>
    </div>
  );
}
