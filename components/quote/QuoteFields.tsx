"use client";

import { useEffect, useId, type ComponentProps } from "react";
import type { Control, UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/TextField";
import { FIELD_LIMITS } from "@/lib/api/schemas";
import type { Strings } from "@/lib/content/strings-schema";
import { normaliseRegNumber, type QuoteProblem, type QuoteText } from "@/lib/quote/form";
import { pageVehicleLookup, type VehicleLookup } from "@/lib/quote/vehicle";
import fieldStyles from "@/components/ui/Field.module.css";
import { VehicleNote } from "./VehicleNote";
import styles from "./QuoteForm.module.css";

interface Props {
  /** a field's props: its value kept by the form, its error cleared as the visitor changes it */
  register: (name: keyof QuoteText) => UseFormRegisterReturn;
  /** the problem that stopped the last Send, shown at its field */
  problem?: QuoteProblem;
  /** the form's values, which the note on the car reads the registration number from */
  control: Control<QuoteText>;
  labels: Strings["quoteForm"]["labels"];
  /** the note on the car under the registration number */
  vehicleStrings: Strings["quoteForm"]["vehicle"];
  /** a test's own look-up of the car; the page's otherwise */
  vehicle?: VehicleLookup;
}

const textClasses = (...field: (string | undefined)[]) => ({
  field: [styles.field, ...field].filter(Boolean).join(" "),
  hint: styles.hint,
});

/**
 * The quote's text fields: registration number (typed in upper case, with the
 * car it names under it), e-mail, phone and the message. Only the visitor's
 * own edits of the registration number look the car up.
 */
export function QuoteFields({ register, problem, control, labels, vehicleStrings, vehicle: given }: Props) {
  const vehicle = given ?? pageVehicleLookup();
  // the form leaves: nothing more is asked for what was typed in it
  useEffect(() => () => vehicle.cancel(), [vehicle]);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const error = (name: string) => (problem?.kind === "field" && problem.field === name ? problem.message : undefined);
  const reg = register("regNumber");
  const textField = (name: "regNumber" | "email" | "phone", input: Partial<ComponentProps<typeof TextField>>) => (
    <TextField
      id={fieldId(name)}
      label={labels[name]}
      error={error(name)}
      errorIcon
      classes={textClasses()}
      maxLength={FIELD_LIMITS[name]}
      {...register(name)}
      {...input}
    />
  );
  return (
    <div className={styles.fields}>
      {textField("regNumber", {
        hint: labels.regNumberHint,
        below: <VehicleNote control={control} lookup={vehicle} strings={vehicleStrings} />,
        classes: textClasses(styles.fieldReg),
        className: styles.regInput,
        type: "text",
        autoComplete: "off",
        autoCapitalize: "characters",
        spellCheck: false,
        ref: (input: HTMLInputElement | null) => {
          // a number typed before the form's code arrived is put in capitals before the form reads it
          if (input) input.value = normaliseRegNumber(input.value);
          reg.ref(input);
        },
        onChange: (event) => {
          const input = event.target;
          const upper = normaliseRegNumber(input.value);
          if (upper !== input.value) {
            const { selectionStart, selectionEnd } = input;
            input.value = upper;
            input.setSelectionRange(selectionStart, selectionEnd);
          }
          vehicle.typed(upper);
          return reg.onChange(event);
        },
      })}
      {textField("email", { type: "email", inputMode: "email", autoComplete: "email", spellCheck: false })}
      {textField("phone", { type: "tel", inputMode: "tel", autoComplete: "tel" })}
      <div className={`${fieldStyles.field} ${styles.field} ${styles.fieldWide}`}>
        <label htmlFor={fieldId("message")}>{labels.message}</label>
        <textarea
          id={fieldId("message")}
          rows={4}
          maxLength={FIELD_LIMITS.message}
          aria-describedby={fieldId("message-hint")}
          {...register("message")}
        />
        <p className={styles.hint} id={fieldId("message-hint")}>
          {labels.messageHint}
        </p>
      </div>
    </div>
  );
}
