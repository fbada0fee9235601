import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { FieldError } from "./FieldError";
import fieldStyles from "./Field.module.css";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: string;
  /** a line under the input that says what to type, linked with aria-describedby */
  hint?: string;
  /** what stands right under the input, above the hint (the quote's note on the car) */
  below?: ReactNode;
  /** what is wrong, linked with aria-describedby; the input is then aria-invalid */
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** the form's own classes: the field's place in its grid, the hint's look */
  classes?: { field?: string; hint?: string };
  /** the error line starts with the alert icon */
  errorIcon?: boolean;
}

/**
 * A labelled one-line field with its hint and error, for both forms (the
 * quote and the booking). The ids are `id`, `id-hint` and `id-error`;
 * react-hook-form's `register(name)` can be spread onto it.
 */
export function TextField({ id, label, hint, below, error, classes = {}, errorIcon = false, ...input }: Props) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={[fieldStyles.field, classes.field].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {below}
      {hint && (
        <p className={classes.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} text={error} icon={errorIcon} />
    </div>
  );
}
