"use client";

import { useId } from "react";
import { FieldError } from "@/components/ui/FieldError";
import { Icon } from "@/components/ui/Icon";
import { FIELD_LIMITS } from "@/lib/api/schemas";
import type { Damage } from "@/lib/photos/photos";
import { DamageSection, type DamageSectionProps } from "./DamageSection";
import type { QuoteActions, useQuote } from "./useQuote";
import field from "@/components/ui/Field.module.css";
import styles from "./QuoteForm.module.css";

type View = ReturnType<typeof useQuote>["view"];

export interface DamageListProps extends Pick<
  DamageSectionProps,
  "strings" | "headingLevel" | "ready" | "registerPicker"
> {
  damages: View["damages"];
  /** the problem that stopped Send: the list's own (no damage) or a damage's (no photo) */
  problem: View["problem"];
  /** the photo whose upload failed at the last Send */
  failedKey?: string;
  expanded: View["expanded"];
  actions: Pick<QuoteActions, "addDamage" | "setExpanded"> & DamageSectionProps["actions"];
  addButtonRef: React.RefObject<HTMLButtonElement | null>;
}

/**
 * The photos' notes for screen readers: one polite region, a line per note, so each is heard once
 * (not atomic: a new line is read alone, not with the lines before it).
 */
function NoteAnnouncer({ damages, strings }: { damages: readonly Damage[]; strings: DamageListProps["strings"] }) {
  const noted = damages.flatMap((damage) => damage.photos.filter((photo) => photo.note));
  return (
    <div className={styles.visuallyHidden} role="status" aria-atomic="false">
      {noted.map((photo) => (
        <p key={photo.key + photo.note}>{`${photo.name}: ${strings.photoCheck[photo.note!]}`}</p>
      ))}
    </div>
  );
}

/** `Skadene`: one section per damage, `Legg til skade`, and the error when there is no damage. */
export function DamageList(props: DamageListProps) {
  const { damages, problem, failedKey, expanded, actions, addButtonRef, strings, headingLevel, ready } = props;
  const Heading = `h${headingLevel}` as const;
  const errorId = useId();
  const listError = problem?.kind === "damages" ? problem.message : undefined;
  return (
    <div className={styles.damages}>
      <Heading className={styles.damagesHeading}>{strings.labels.damagesHeading}</Heading>
      <p className={styles.hint}>{strings.labels.damagesLead}</p>
      <NoteAnnouncer damages={damages} strings={strings} />
      {damages.map((damage, index) => (
        <DamageSection
          key={damage.id}
          {...{ damage, index, strings, headingLevel, ready, actions, failedKey }}
          expanded={expanded(damage.id)}
          onExpand={actions.setExpanded}
          error={problem?.kind === "images" && problem.damage === index ? problem.message : undefined}
          registerPicker={props.registerPicker}
        />
      ))}
      <button
        type="button"
        ref={addButtonRef}
        className={`${field.pill} ${styles.addDamage}`}
        onClick={actions.addDamage}
        disabled={!ready || damages.length >= FIELD_LIMITS.damages}
        aria-describedby={listError ? errorId : undefined}
      >
        <Icon name="plus" />
        {strings.labels.addDamage}
      </button>
      <FieldError id={errorId} text={listError} alert />
    </div>
  );
}
