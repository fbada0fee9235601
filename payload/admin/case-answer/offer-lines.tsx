/**
 * The offer's lines (./OfferForm.tsx): each line's work and its price in
 * whole kroner, a line removed while there are more than one, a new line
 * while there are fewer than the contract allows, and the total so far.
 */
import { Button } from "@payloadcms/ui";
import { CASE_LIMITS } from "../../../lib/api/case-link";
import { formatPrice } from "../../../lib/format";
import page from "./CaseAnswer.module.css";
import { FieldError, invalid } from "./form-parts";
import { emptyLine, totalOf, type Line } from "./offer-draft";
import type { PartProps } from "./offer-fields";
import styles from "./OfferForm.module.css";

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

export function LinesField(props: PartProps & { newKey: () => number }) {
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
          {full && <span className={page.quiet}> (høyst {CASE_LIMITS.lines} linjer)</span>}
        </p>
      </div>
    </fieldset>
  );
}
