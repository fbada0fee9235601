"use client";

/**
 * The answer to an open offer: `Fullt navn`, the drop-off times as a radio
 * group, and, when the chosen time falls within the withdrawal period, the box
 * that asks for an early start; then `Godta tilbudet`, `Still et spørsmål` (its
 * text in a field of its own) and `Nei takk`. A check that fails sends nothing
 * and takes the keyboard to the field at fault; one press sends one request.
 */
import { useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { Button } from "@/components/ui/Button";
import { FieldError } from "@/components/ui/FieldError";
import { SendFailure } from "@/components/ui/SendFailure";
import fieldStyles from "@/components/ui/Field.module.css";
import { CASE_LIMITS } from "@/lib/api/case-link";
import { needsEarlyStart } from "@/lib/withdrawal";
import type { CaseView } from "@/lib/case/client";
import { fill, momentParts } from "@/lib/format";
import { failureTexts, type CaseStrings, type Contact } from "./types";
import type { FieldErrors, useCaseAction } from "./useCaseAction";
import styles from "./CasePage.module.css";

type Offer = NonNullable<CaseView["offer"]>;
type Action = ReturnType<typeof useCaseAction>;

interface Props {
  offer: Offer;
  strings: CaseStrings;
  contact: Contact;
  action: Action;
  now: () => number;
}

/** The form's values. */
function useAnswerFields() {
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string>();
  const [earlyStart, setEarlyStart] = useState(false);
  const [asking, setAsking] = useState(false);
  const [question, setQuestion] = useState("");
  return { name, setName, chosen, setChosen, earlyStart, setEarlyStart, asking, setAsking, question, setQuestion };
}

/** Where each field is, for the keyboard. */
interface Refs {
  name: RefObject<HTMLInputElement | null>;
  firstTime: RefObject<HTMLInputElement | null>;
  earlyStart: RefObject<HTMLInputElement | null>;
  question: RefObject<HTMLTextAreaElement | null>;
}

/** What `Godta tilbudet` checks before anything is sent; the first problem takes the keyboard. */
function acceptProblems(
  fields: ReturnType<typeof useAnswerFields>,
  refs: Refs,
  texts: CaseStrings["page"]["offer"],
  now: number,
) {
  const errors: FieldErrors = {};
  if (!fields.name.trim()) errors.name = texts.nameRequired;
  if (!fields.chosen) errors.chosenTime = texts.timeRequired;
  else if (needsEarlyStart(fields.chosen, now) && !fields.earlyStart) errors.earlyStart = texts.earlyStartRequired;
  const first = errors.name ? refs.name : errors.chosenTime ? refs.firstTime : refs.earlyStart;
  return { errors, focus: () => first.current?.focus() };
}

/** What the three buttons do: check, then send once; the question's field opens on the first press. */
function useAnswerHandlers(props: Props, fields: ReturnType<typeof useAnswerFields>, refs: Refs, early: boolean) {
  const { action, now } = props;
  const texts = props.strings.page.offer;
  const { setFieldErrors, run } = action;
  const accept = (event: FormEvent) => {
    event.preventDefault();
    const problems = acceptProblems(fields, refs, texts, now());
    setFieldErrors(problems.errors);
    if (Object.keys(problems.errors).length) return void requestAnimationFrame(problems.focus);
    const { name, chosen, earlyStart } = fields;
    void run({ action: "accept", name: name.trim(), chosenTime: chosen!, earlyStart: early && earlyStart });
  };
  const ask = async () => {
    if (!fields.asking) {
      fields.setAsking(true);
      return void requestAnimationFrame(() => refs.question.current?.focus());
    }
    if (!fields.question.trim()) {
      setFieldErrors({ text: texts.questionRequired });
      return refs.question.current?.focus();
    }
    const result = await run({ action: "question", text: fields.question.trim() });
    if (result?.kind !== "answer") return;
    fields.setAsking(false);
    fields.setQuestion("");
  };
  return { accept, ask: () => void ask(), decline: () => void run({ action: "decline" }) };
}

export function OfferAnswer(props: Props) {
  const { offer, strings, contact, action, now } = props;
  const texts = strings.page.offer;
  const id = useId();
  const fields = useAnswerFields();
  const nameRef = useRef<HTMLInputElement>(null);
  const firstTimeRef = useRef<HTMLInputElement>(null);
  const earlyRef = useRef<HTMLInputElement>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const { busy, failed, fieldErrors: errors, run } = action;
  const early = fields.chosen !== undefined && needsEarlyStart(fields.chosen, now());
  const refs = { name: nameRef, firstTime: firstTimeRef, earlyStart: earlyRef, question: questionRef };
  const handlers = useAnswerHandlers(props, fields, refs, early);
  const failure = (failed: NonNullable<typeof action.failed>) => (
    <SendFailure
      texts={failureTexts(strings)}
      text={strings.page.failure.send}
      contact={contact}
      busy={busy}
      onRetry={() => void run(failed)}
    />
  );

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{texts.answerHeading}</h2>
      <form className={styles.form} onSubmit={handlers.accept} noValidate>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-name`}>{texts.name}</label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            type="text"
            autoComplete="name"
            required
            maxLength={CASE_LIMITS.name}
            value={fields.name}
            onChange={(e) => fields.setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          <FieldError id={`${id}-name-error`} text={errors.name} />
        </div>
        <TimeChoice {...{ id, offer, texts, fields, errors, early, firstTimeRef, earlyRef }} />
        <FieldError id={`${id}-general`} text={errors.general} />
        {failed && failed.action !== "question" && failure(failed)}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {texts.accept}
          </Button>
          <Button
            variant="secondary"
            onClick={handlers.ask}
            disabled={busy}
            aria-expanded={fields.asking}
            aria-controls={`${id}-question`}
          >
            {texts.ask}
          </Button>
          <Button variant="secondary" onClick={handlers.decline} disabled={busy}>
            {texts.decline}
          </Button>
        </div>
        <QuestionPanel {...{ id, texts, fields, errors, busy, questionRef, onSend: handlers.ask }} />
        {failed?.action === "question" && failure(failed)}
        {busy && (
          <p className={styles.sending} role="status">
            {texts.sending}
          </p>
        )}
      </form>
    </section>
  );
}

interface PartProps {
  id: string;
  texts: CaseStrings["page"]["offer"];
  fields: ReturnType<typeof useAnswerFields>;
  errors: FieldErrors;
}

/** `Når kan du levere bilen?`: one radio per time, on Oslo's clock; under it the early-start box when the time needs it. */
function TimeChoice({
  id,
  offer,
  texts,
  fields,
  errors,
  early,
  firstTimeRef,
  earlyRef,
}: PartProps & {
  offer: Offer;
  early: boolean;
  firstTimeRef: RefObject<HTMLInputElement | null>;
  earlyRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <>
      <fieldset
        className={styles.times}
        aria-invalid={errors.chosenTime ? true : undefined}
        aria-describedby={errors.chosenTime ? `${id}-time-error` : undefined}
      >
        <legend>{texts.times}</legend>
        {offer.dropOffTimes.map((time, i) => (
          <label key={time} className={styles.choice}>
            <input
              ref={i === 0 ? firstTimeRef : undefined}
              type="radio"
              name={`${id}-time`}
              value={time}
              checked={fields.chosen === time}
              onChange={() => fields.setChosen(time)}
              aria-describedby={errors.chosenTime ? `${id}-time-error` : undefined}
            />
            <span>{fill(texts.dropOff, momentParts(time))}</span>
          </label>
        ))}
        <FieldError id={`${id}-time-error`} text={errors.chosenTime} />
      </fieldset>
      {early && (
        <div className={styles.early}>
          <label className={styles.choice}>
            <input
              ref={earlyRef}
              type="checkbox"
              checked={fields.earlyStart}
              onChange={(e) => fields.setEarlyStart(e.target.checked)}
              aria-invalid={errors.earlyStart ? true : undefined}
              aria-describedby={errors.earlyStart ? `${id}-early-error` : undefined}
            />
            <span>{texts.earlyStart}</span>
          </label>
          <FieldError id={`${id}-early-error`} text={errors.earlyStart} />
        </div>
      )}
    </>
  );
}

/** The question's own field and `Send spørsmålet`, once `Still et spørsmål` has opened it. */
function QuestionPanel({
  id,
  texts,
  fields,
  errors,
  busy,
  questionRef,
  onSend,
}: PartProps & { busy: boolean; questionRef: RefObject<HTMLTextAreaElement | null>; onSend: () => void }) {
  return (
    <div className={styles.question} id={`${id}-question`} hidden={!fields.asking}>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-question-text`}>{texts.question}</label>
        <textarea
          ref={questionRef}
          id={`${id}-question-text`}
          rows={4}
          maxLength={CASE_LIMITS.question}
          value={fields.question}
          onChange={(e) => fields.setQuestion(e.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${id}-question-error` : undefined}
        />
        <FieldError id={`${id}-question-error`} text={errors.text} />
      </div>
      <Button variant="secondary" onClick={onSend} disabled={busy}>
        {texts.sendQuestion}
      </Button>
    </div>
  );
}
