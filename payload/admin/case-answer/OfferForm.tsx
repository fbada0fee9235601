"use client";
/**
 * The workshop's two answers on a quote's page (./CaseAnswer.tsx): an offer
 * (its kind of price, its lines in whole kroner with VAT, the last day it
 * holds, one to three times the customer may bring the car, on Oslo's clock,
 * and a note), shown as the customer will see it while it is written; and a
 * request for more photos. Each is checked with the contract's own rules
 * before it goes, sent to the plugin's staff calls with the staff member's
 * login, and the page is then read again so the history shows it. Both sit
 * inside the page's own form, so they are groups, not forms: Enter in one of
 * their inputs does nothing (it would save the page), and only their buttons
 * send.
 */
import { Button } from "@payloadcms/ui";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import {
  CASE_LIMITS,
  PRICE_TYPES,
  requestPhotosSchema,
  sendOfferSchema,
  type PriceType,
  type SendOffer,
} from "../../../lib/api/case-link";
import { fill, formatDate, formatMoment, formatPrice } from "../../../lib/format";
import styles from "./CaseAnswer.module.css";
import { osloToMoment } from "../../../lib/oslo-time";

/** The customer page's words the preview shows, and each kind of price's name and sentence. */
export interface PreviewTexts {
  heading: string;
  work: string;
  price: string;
  total: string;
  vat: string;
  validUntil: string;
  noteHeading: string;
  times: string;
  priceTypes: Record<PriceType, { name: string; sentence: string }>;
}

/** A field's errors by its path in the request, `lines.0.amountNok`, as the plugin names them too. */
type Errors = Record<string, string>;

interface Said {
  ok: boolean;
  text: string;
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

const firstByPath = (issues: readonly Issue[]): Errors => {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
};

/** Posts `body` to the quote's staff call `action`; resolves to what the plugin said, its errors by field. */
async function staffCall(quoteId: string, action: string, body: unknown): Promise<{ said: Said; errors: Errors }> {
  let response: Response;
  try {
    response = await fetch(`/api/inquiries/${encodeURIComponent(quoteId)}/${action}`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { said: { ok: false, text: "Fikk ikke kontakt med serveren. Sjekk nettet og prøv igjen." }, errors: {} };
  }
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: { message: string; field?: string }[];
  };
  if (response.ok) return { said: { ok: true, text: answer.message ?? "Sendt." }, errors: {} };
  const errors: Errors = {};
  for (const error of answer.errors ?? []) if (error.field) errors[error.field] ??= error.message;
  const text = answer.errors?.map((error) => error.message).join(" ") || `Serveren svarte ${response.status}.`;
  return { said: { ok: false, text }, errors };
}

/** Enter in a one-line input would submit the page's own form, which saves the case: it does nothing here. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
};

function Message({ said }: { said?: Said }) {
  return (
    <div role="status" className={said ? (said.ok ? styles.ok : styles.failed) : undefined}>
      {said?.text}
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={styles.error}>
      {error}
    </p>
  ) : null;
}

/** Props for an input with `error`: marked invalid and described by its error (and `described`, when given). */
const invalid = (errorId: string, error?: string, described?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [error ? errorId : "", described ?? ""].filter(Boolean).join(" ") || undefined,
});

interface Line {
  key: number;
  description: string;
  amount: string;
}

/** The offer as it is being written. */
interface Draft {
  priceType: PriceType | "";
  lines: Line[];
  validUntil: string;
  /** `datetime-local` values, Oslo's clock; "" for an input left empty */
  times: string[];
  note: string;
}

const emptyLine = (key: number): Line => ({ key, description: "", amount: "" });

const AMOUNT = /^\d+$/;

/** A line's amount as whole kroner (spaces between digits allowed), or NaN. */
const kroner = (amount: string) => (AMOUNT.test(amount.replace(/\s/g, "")) ? Number(amount.replace(/\s/g, "")) : NaN);

const totalOf = (lines: Line[]) =>
  lines.reduce((sum, line) => sum + (Number.isNaN(kroner(line.amount)) ? 0 : kroner(line.amount)), 0);

/** The form's own rules, in the workshop's words: what the contract's rules would refuse, and more. */
function draftErrors(draft: Draft, today: string): Errors {
  const found: Errors = {};
  if (!draft.priceType) found.priceType = "Velg hva slags pris dette er.";
  draft.lines.forEach((line, index) => {
    if (!line.description.trim()) found[`lines.${index}.description`] = "Skriv hva arbeidet er.";
    const amount = kroner(line.amount);
    if (Number.isNaN(amount)) found[`lines.${index}.amountNok`] = "Skriv beløpet i hele kroner, bare tall.";
    else if (amount > CASE_LIMITS.amountNok) {
      found[`lines.${index}.amountNok`] = `Høyst ${formatPrice(CASE_LIMITS.amountNok)} per linje.`;
    }
  });
  if (!draft.validUntil) found.validUntil = "Velg den siste dagen tilbudet gjelder.";
  else if (draft.validUntil < today) found.validUntil = "Tilbudet må gjelde til i dag eller senere.";
  if (draft.times.every((time) => !time)) found["dropOffTimes.0"] = "Legg inn minst én tid kunden kan levere bilen.";
  draft.times.forEach((time, index) => {
    if (!time) return;
    const moment = osloToMoment(time);
    if (!moment) found[`dropOffTimes.${index}`] = "Denne tiden finnes ikke på klokka (sommertiden begynner).";
    else if (Date.parse(moment) <= Date.now()) found[`dropOffTimes.${index}`] = "Tiden må være fram i tid.";
  });
  return found;
}

/** The request to send, checked by the contract's own schema, or the errors by field. */
function checkDraft(draft: Draft, today: string): { body?: SendOffer; errors: Errors } {
  const found = draftErrors(draft, today);
  if (Object.keys(found).length) return { errors: found };
  const note = draft.note.trim();
  const result = sendOfferSchema.safeParse({
    priceType: draft.priceType,
    lines: draft.lines.map((line) => ({ description: line.description.trim(), amountNok: kroner(line.amount) })),
    validUntil: draft.validUntil,
    dropOffTimes: draft.times.filter(Boolean).map((time) => osloToMoment(time)!),
    ...(note ? { note } : {}),
  });
  return result.success ? { body: result.data, errors: {} } : { errors: firstByPath(result.error.issues) };
}

/** What each part of the offer form gets: the draft, a change to it, the errors, and an input's id by its path. */
interface PartProps {
  draft: Draft;
  change: (change: Partial<Draft>) => void;
  errors: Errors;
  idOf: (path: string) => string;
}

function PriceTypeChoice({ draft, change, errors, idOf, texts }: PartProps & { texts: PreviewTexts }) {
  return (
    <fieldset className={styles.group} aria-describedby={errors.priceType ? idOf("priceType-error") : undefined}>
      <legend className="field-label">Type pris</legend>
      {PRICE_TYPES.map((type) => (
        <div key={type} className={styles.choice}>
          <input
            type="radio"
            id={idOf(`priceType-${type}`)}
            name={idOf("priceType")}
            value={type}
            checked={draft.priceType === type}
            onChange={() => change({ priceType: type })}
            aria-describedby={idOf(`priceType-${type}-text`)}
            data-path={type === PRICE_TYPES[0] ? "priceType" : undefined}
          />
          <div className={styles.choiceText}>
            <label htmlFor={idOf(`priceType-${type}`)}>{texts.priceTypes[type].name}</label>
            <span id={idOf(`priceType-${type}-text`)} className={styles.description}>
              {texts.priceTypes[type].sentence}
            </span>
          </div>
        </div>
      ))}
      <FieldError id={idOf("priceType-error")} error={errors.priceType} />
    </fieldset>
  );
}

function LineInputs({ line, index, draft, change, errors, idOf }: PartProps & { line: Line; index: number }) {
  const setLine = (update: Partial<Line>) =>
    change({ lines: draft.lines.map((other) => (other.key === line.key ? { ...other, ...update } : other)) });
  const description = `lines.${index}.description`;
  const amount = `lines.${index}.amountNok`;
  return (
    <fieldset className={styles.line}>
      <legend className={styles.lineLegend}>Linje {index + 1}</legend>
      <div className={styles.lineDescription}>
        <label className="field-label" htmlFor={idOf(description)}>
          Arbeid
        </label>
        <input
          id={idOf(description)}
          data-path={description}
          className={styles.input}
          value={line.description}
          maxLength={CASE_LIMITS.lineDescription}
          onChange={(event) => setLine({ description: event.target.value })}
          {...invalid(idOf(`${description}-error`), errors[description])}
        />
        <FieldError id={idOf(`${description}-error`)} error={errors[description]} />
      </div>
      <div className={styles.lineAmount}>
        <label className="field-label" htmlFor={idOf(amount)}>
          Pris i kroner
        </label>
        <input
          id={idOf(amount)}
          data-path={amount}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          value={line.amount}
          onChange={(event) => setLine({ amount: event.target.value })}
          {...invalid(idOf(`${amount}-error`), errors[amount])}
        />
        <FieldError id={idOf(`${amount}-error`)} error={errors[amount]} />
      </div>
      {draft.lines.length > 1 && (
        <Button
          buttonStyle="secondary"
          size="medium"
          margin={false}
          className={styles.lineRemove}
          onClick={() => change({ lines: draft.lines.filter((other) => other.key !== line.key) })}
        >
          Fjern linje {index + 1}
        </Button>
      )}
    </fieldset>
  );
}

function LinesField(props: PartProps & { newKey: () => number }) {
  const { draft, change, errors, idOf, newKey } = props;
  const full = draft.lines.length >= CASE_LIMITS.lines;
  return (
    <fieldset className={styles.group}>
      <legend className="field-label">Arbeid og pris, med mva.</legend>
      <FieldError id={idOf("lines-error")} error={errors.lines} />
      {draft.lines.map((line, index) => (
        <LineInputs key={line.key} {...props} line={line} index={index} />
      ))}
      <div className={styles.lineTools}>
        <Button
          buttonStyle="secondary"
          size="medium"
          margin={false}
          disabled={full}
          onClick={() => change({ lines: [...draft.lines, emptyLine(newKey())] })}
        >
          Ny linje
        </Button>
        <p className={styles.total}>
          Totalt: <strong>{formatPrice(totalOf(draft.lines))}</strong>
          {full && <span className={styles.quiet}> (høyst {CASE_LIMITS.lines} linjer)</span>}
        </p>
      </div>
    </fieldset>
  );
}

function TimesField({ draft, change, errors, idOf, today }: PartProps & { today: string }) {
  const setTime = (index: number, value: string) =>
    change({ times: draft.times.map((time, i) => (i === index ? value : time)) });
  return (
    <fieldset className={styles.group}>
      <legend className="field-label">Tider kunden kan levere bilen (norsk tid)</legend>
      <FieldError id={idOf("dropOffTimes-error")} error={errors.dropOffTimes} />
      {draft.times.map((time, index) => {
        const path = `dropOffTimes.${index}`;
        return (
          <div key={index} className={styles.time}>
            <label className="field-label" htmlFor={idOf(path)}>
              Tid {index + 1}
            </label>
            <div className={styles.timeRow}>
              <input
                type="datetime-local"
                id={idOf(path)}
                data-path={path}
                className={`${styles.input} ${styles.narrow}`}
                min={`${today}T00:00`}
                value={time}
                onChange={(event) => setTime(index, event.target.value)}
                {...invalid(idOf(`${path}-error`), errors[path])}
              />
              {draft.times.length > 1 && (
                <Button
                  buttonStyle="secondary"
                  size="medium"
                  margin={false}
                  onClick={() => change({ times: draft.times.filter((_, i) => i !== index) })}
                >
                  Fjern tid {index + 1}
                </Button>
              )}
            </div>
            <FieldError id={idOf(`${path}-error`)} error={errors[path]} />
          </div>
        );
      })}
      {draft.times.length < CASE_LIMITS.dropOffTimes && (
        <Button
          buttonStyle="secondary"
          size="medium"
          margin={false}
          className={styles.start}
          onClick={() => change({ times: [...draft.times, ""] })}
        >
          En tid til
        </Button>
      )}
    </fieldset>
  );
}

function ValidUntilField({ draft, change, errors, idOf, today }: PartProps & { today: string }) {
  return (
    <div className={styles.group}>
      <label className="field-label" htmlFor={idOf("validUntil")}>
        Gyldig til
      </label>
      <input
        type="date"
        id={idOf("validUntil")}
        data-path="validUntil"
        className={`${styles.input} ${styles.narrow}`}
        min={today}
        value={draft.validUntil}
        onChange={(event) => change({ validUntil: event.target.value })}
        {...invalid(idOf("validUntil-error"), errors.validUntil, idOf("validUntil-text"))}
      />
      <p id={idOf("validUntil-text")} className={styles.description}>
        Den siste dagen kunden kan godta tilbudet.
      </p>
      <FieldError id={idOf("validUntil-error")} error={errors.validUntil} />
    </div>
  );
}

function NoteField({ draft, change, errors, idOf }: PartProps) {
  return (
    <div className={styles.group}>
      <label className="field-label" htmlFor={idOf("note")}>
        Merknad til kunden (valgfritt)
      </label>
      <textarea
        id={idOf("note")}
        data-path="note"
        className={styles.textarea}
        rows={3}
        maxLength={CASE_LIMITS.note}
        value={draft.note}
        onChange={(event) => change({ note: event.target.value })}
        {...invalid(idOf("note-error"), errors.note)}
      />
      <FieldError id={idOf("note-error")} error={errors.note} />
    </div>
  );
}

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
  const fresh = (): Draft => ({
    priceType: "",
    lines: [emptyLine(0)],
    validUntil: defaultValidUntil,
    times: [""],
    note: "",
  });
  const [draft, setDraft] = useState<Draft>(fresh);
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
    const answer = await staffCall(quoteId, "send-offer", checked.body);
    setSending(false);
    setSaid(answer.said);
    setRefused(answer.errors);
    if (!answer.said.ok) return focusFirst(answer.errors);
    setTried(false);
    setDraft({ ...fresh(), lines: [emptyLine(keys.current++)] });
    router.refresh();
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={styles.block} onKeyDown={keepEnter} ref={box}>
      <h3 id={`${id}-heading`} className={styles.subheading}>
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
        <Preview regNumber={regNumber} texts={texts} draft={draft} />
      </div>
      <div className={styles.actions}>
        <Button buttonStyle="primary" size="large" margin={false} disabled={sending} onClick={send}>
          Send tilbud
        </Button>
        {sending && <span className={styles.quiet}>Sender …</span>}
      </div>
      <Message said={said} />
    </section>
  );
}

interface PreviewProps {
  regNumber: string;
  texts: PreviewTexts;
  draft: Draft;
}

/** `13. desember 2026`, or undefined for a day that is none. */
const dayOrNothing = (day: string) => {
  try {
    return day ? formatDate(day) : undefined;
  } catch {
    return undefined;
  }
};

/** What the customer's page shows for this offer, as it is written. */
function Preview({ regNumber, texts, draft }: PreviewProps) {
  const id = useId();
  const { priceType, note } = draft;
  const shownLines = draft.lines.filter((line) => line.description.trim() || line.amount.trim());
  const shownTimes = draft.times.flatMap((time) => osloToMoment(time) ?? []);
  const day = dayOrNothing(draft.validUntil);
  const missing = (what: ReactNode) => <span className={styles.quiet}>{what}</span>;
  return (
    <section aria-labelledby={`${id}-label`} className={styles.preview}>
      <p id={`${id}-label`} className={styles.previewLabel}>
        Forhåndsvisning: slik ser kunden tilbudet
      </p>
      <h4 className={styles.previewHeading}>{fill(texts.heading, { reg: regNumber })}</h4>
      <table className={styles.previewLines}>
        <thead>
          <tr>
            <th scope="col">{texts.work}</th>
            <th scope="col">{texts.price}</th>
          </tr>
        </thead>
        <tbody>
          {shownLines.length === 0 ? (
            <tr>
              <td colSpan={2}>{missing("Ingen linjer ennå")}</td>
            </tr>
          ) : (
            shownLines.map((line) => (
              <tr key={line.key}>
                <td>{line.description.trim() || missing("(uten beskrivelse)")}</td>
                <td>{Number.isNaN(kroner(line.amount)) ? missing("–") : formatPrice(kroner(line.amount))}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{texts.total}</th>
            <td>{formatPrice(totalOf(draft.lines))}</td>
          </tr>
        </tfoot>
      </table>
      <p>{texts.vat}</p>
      {priceType ? (
        <p>
          <strong>{texts.priceTypes[priceType].name}.</strong> {texts.priceTypes[priceType].sentence}
        </p>
      ) : (
        <p>{missing("Velg type pris.")}</p>
      )}
      <p>{day ? fill(texts.validUntil, { date: day }) : missing("Velg til hvilken dag tilbudet gjelder.")}</p>
      <p className={styles.previewTimesHeading}>{texts.times}</p>
      {shownTimes.length ? (
        <ul className={styles.previewTimes}>
          {shownTimes.map((moment) => (
            <li key={moment}>{formatMoment(moment)}</li>
          ))}
        </ul>
      ) : (
        <p>{missing("Legg inn minst én tid.")}</p>
      )}
      {note.trim() && (
        <>
          <p className={styles.previewTimesHeading}>{texts.noteHeading}</p>
          <p className={styles.text}>{note.trim()}</p>
        </>
      )}
    </section>
  );
}

/** Asks the customer for more photos: the workshop's words go in the e-mail with the link. */
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
    const answer = await staffCall(quoteId, "request-photos", checked.data);
    setSending(false);
    setSaid(answer.said);
    if (answer.errors.message) setError(answer.errors.message);
    if (answer.said.ok) {
      setMessage("");
      router.refresh();
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={styles.block} onKeyDown={keepEnter}>
      <h3 id={`${id}-heading`} className={styles.subheading}>
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
        <p id={`${id}-text`} className={styles.description}>
          Kunden får teksten på e-post, med en lenke der bildene sendes rett inn i saken.
        </p>
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <div className={styles.actions}>
        <Button buttonStyle="secondary" size="large" margin={false} disabled={sending} onClick={send}>
          Be om flere bilder
        </Button>
        {sending && <span className={styles.quiet}>Sender …</span>}
      </div>
      <Message said={said} />
    </section>
  );
}
