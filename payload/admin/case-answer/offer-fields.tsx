/**
 * The offer form's fields (./OfferForm.tsx) but its lines (./offer-lines.tsx):
 * the kind of price, the last day the offer holds, the times the customer
 * may bring the car, and the note. Each input carries its path in the
 * request (`data-path`), so the form can focus the first one at fault.
 */
import { Button } from "@payloadcms/ui";
import { CASE_LIMITS, PRICE_TYPES } from "../../../lib/api/case-link";
import page from "./CaseAnswer.module.css";
import { FieldError, invalid } from "./form-parts";
import type { Draft, Errors } from "./offer-draft";
import styles from "./OfferForm.module.css";
import type { PreviewTexts } from "./OfferPreview";

/** What each part of the offer form gets: the draft, a change to it, the errors, and an input's id by its path. */
export interface PartProps {
  draft: Draft;
  change: (change: Partial<Draft>) => void;
  errors: Errors;
  idOf: (path: string) => string;
}

export function PriceTypeChoice({ draft, change, errors, idOf, texts }: PartProps & { texts: PreviewTexts }) {
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
            <span id={idOf(`priceType-${type}-text`)} className={page.description}>
              {texts.priceTypes[type].sentence}
            </span>
          </div>
        </div>
      ))}
      <FieldError id={idOf("priceType-error")} error={errors.priceType} />
    </fieldset>
  );
}

export function TimesField({ draft, change, errors, idOf, today }: PartProps & { today: string }) {
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

export function ValidUntilField({ draft, change, errors, idOf, today }: PartProps & { today: string }) {
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
      <p id={idOf("validUntil-text")} className={page.description}>
        Den siste dagen kunden kan godta tilbudet.
      </p>
      <FieldError id={idOf("validUntil-error")} error={errors.validUntil} />
    </div>
  );
}

export function NoteField({ draft, change, errors, idOf }: PartProps) {
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
