/**
 * What both of the quote page's forms are made of: the line that says how a
 * send went, a field's error, an input's marks for its error, and the rule
 * that Enter in a one-line input sends nothing.
 */
import type { KeyboardEvent } from "react";
import styles from "./OfferForm.module.css";
import type { Said } from "../shared/staff-call";

/** Enter in a one-line input would submit the page's own form, which saves the case: it does nothing here. */
export const keepEnter = (event: KeyboardEvent) => {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
};

export function Message({ said }: { said?: Said }) {
  return (
    <div role="status" className={said ? (said.ok ? styles.ok : styles.failed) : undefined}>
      {said?.text}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={styles.error}>
      {error}
    </p>
  ) : null;
}

/** Props for an input with `error`: marked invalid and described by its error (and `described`, when given). */
export const invalid = (errorId: string, error?: string, described?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [error ? errorId : "", described ?? ""].filter(Boolean).join(" ") || undefined,
});
