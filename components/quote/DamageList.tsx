"use client";

import type { FieldErrors } from "react-hook-form";
import { Icon } from "@/components/ui/Icon";
import { FIELD_LIMITS } from "@/lib/api/contract";
import type { Strings } from "@/lib/content/strings-schema";
import type { QuoteFormValues, QuoteImage } from "@/lib/quote/form";
import { DamageSection, type Preparing } from "./DamageSection";
import type { useDamages } from "./useDamages";
import styles from "./QuoteForm.module.css";

interface Props {
  damages: ReturnType<typeof useDamages>;
  errors: FieldErrors<QuoteFormValues>["damages"];
  labels: Strings["quoteForm"]["labels"];
  headingLevel: 2 | 3;
  previewUrl: (image: QuoteImage) => string;
  /** what each thumbnail shows while its photo is made ready */
  preparing: Preparing;
  pickerId: (key: string) => string;
  /** false until the form's code runs: its buttons are disabled until then */
  ready: boolean;
  /** the id of the damage list's own error (none chosen) */
  errorId: string;
  /** the image that could not be uploaded, and what its thumbnail says */
  failed: { key?: string; label: string };
}

/** `Skadene`: one section per damage, `Legg til skade`, and the error when there is no damage. */
export function DamageList(props: Props) {
  const { damages, errors, labels, headingLevel, previewUrl, preparing, pickerId, ready, errorId, failed } = props;
  const Heading = `h${headingLevel}` as const;
  const { fields, values, isExpanded, setExpanded, addButtonRef, addDamage } = damages;
  return (
    <div className={styles.damages}>
      <Heading className={styles.damagesHeading}>{labels.damagesHeading}</Heading>
      <p className={styles.hint}>{labels.damagesLead}</p>
      {fields.map((field, index) => (
        <DamageSection
          key={field.id}
          number={index + 1}
          labels={labels}
          headingLevel={(headingLevel + 1) as 3 | 4}
          images={values?.[index]?.images ?? []}
          previewUrl={previewUrl}
          preparing={preparing}
          expanded={isExpanded(field.id)}
          onToggle={() => setExpanded(field.id, !isExpanded(field.id))}
          onRemove={() => damages.removeDamage(index)}
          onAddImages={(files) => damages.addImages(index, files)}
          onRemoveImage={(key) => damages.removeImage(index, key)}
          pickerId={pickerId(field.id)}
          ready={ready}
          error={errors?.[index]?.images?.message}
          failedKey={failed.key}
          failedLabel={failed.label}
        />
      ))}
      <button
        type="button"
        ref={addButtonRef}
        className={styles.addDamage}
        onClick={addDamage}
        disabled={!ready || fields.length >= FIELD_LIMITS.damages}
        aria-describedby={errors?.root ? errorId : undefined}
      >
        <Icon name="plus" />
        {labels.addDamage}
      </button>
      {errors?.root && (
        <p className={styles.error} id={errorId} role="alert">
          <Icon name="alert" size={18} />
          {errors.root.message}
        </p>
      )}
    </div>
  );
}
