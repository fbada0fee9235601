"use client";

import { Icon } from "@/components/ui/Icon";
import { FIELD_LIMITS } from "@/lib/api/schemas";
import type { Damage } from "@/lib/quote/photos";
import { DamageSection, type DamageSectionProps } from "./DamageSection";
import styles from "./QuoteForm.module.css";

/** What the list passes on to each of its damages (DamageSection), and what it needs itself. */
export type DamageListProps = Omit<DamageSectionProps, "damage" | "index">;

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
  const { view, actions, addButtonRef, strings, headingLevel, ready } = props;
  const Heading = `h${headingLevel}` as const;
  const { damages, problem } = view;
  const errorId = view.fieldId("damages-error");
  const listError = problem?.kind === "damages" ? problem.message : undefined;
  return (
    <div className={styles.damages}>
      <Heading className={styles.damagesHeading}>{strings.labels.damagesHeading}</Heading>
      <p className={styles.hint}>{strings.labels.damagesLead}</p>
      <NoteAnnouncer damages={damages} strings={strings} />
      {damages.map((damage, index) => (
        <DamageSection key={damage.id} {...props} damage={damage} index={index} />
      ))}
      <button
        type="button"
        ref={addButtonRef}
        className={styles.addDamage}
        onClick={actions.addDamage}
        disabled={!ready || damages.length >= FIELD_LIMITS.damages}
        aria-describedby={listError ? errorId : undefined}
      >
        <Icon name="plus" />
        {strings.labels.addDamage}
      </button>
      {listError && (
        <p className={styles.error} id={errorId} role="alert">
          <Icon name="alert" size={18} />
          {listError}
        </p>
      )}
    </div>
  );
}
