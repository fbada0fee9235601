"use client";

/**
 * One damage (`Skade N`): a heading whose button collapses and expands it,
 * `Fjern skade`, and its photos (PhotoPicker: the photo guide, the picker, a
 * thumbnail per photo with its work and the check's note).
 */
import { useId, useLayoutEffect, useMemo, useRef } from "react";
import { Icon } from "@/components/ui/Icon";
import { fill } from "@/lib/format";
import type { Damage } from "@/lib/photos/photos";
import { PhotoPicker } from "@/components/photos/PhotoPicker";
import type { PickerTarget, QuoteActions, QuoteOptions } from "./useQuote";
import styles from "./QuoteForm.module.css";

type Strings = QuoteOptions["strings"];

export interface DamageSectionProps {
  damage: Damage;
  index: number;
  strings: Strings;
  headingLevel: 2 | 3;
  /** false until the form's code runs: its buttons are disabled until then */
  ready: boolean;
  expanded: boolean;
  onExpand: (damage: string, expanded: boolean) => void;
  /** the problem that stopped Send at this damage (it has no photo) */
  error?: string;
  /** the photo whose upload failed at the last Send */
  failedKey?: string;
  actions: Pick<QuoteActions, "addPhotos" | "replacePhoto" | "keepPhoto" | "removePhoto" | "removeDamage">;
  /** tells the form where this damage's picker is, for a problem at Send; answers how to forget it */
  registerPicker: (damage: string, target: PickerTarget) => () => void;
}

/** `Skade N` as the button that folds the damage, how many photos it has, and `Fjern skade`. */
function DamageHead({
  id,
  damage,
  index,
  strings,
  headingLevel,
  expanded,
  onExpand,
  actions,
  ready,
}: DamageSectionProps & { id: string }) {
  const Heading = `h${headingLevel + 1}` as "h3" | "h4";
  const { labels } = strings;
  const count = damage.photos.length;
  return (
    <div className={styles.damageHead}>
      <Heading className={styles.damageHeading} id={`${id}-heading`}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={() => onExpand(damage.id, !expanded)}
          disabled={!ready}
        >
          <span className={styles.chevron} data-expanded={expanded}>
            <Icon name="chevron" />
          </span>
          {fill(labels.damage, { n: index + 1 })}
        </button>
      </Heading>
      <span className={styles.count}>
        {count === 0 ? labels.noImages : count === 1 ? labels.imageCountOne : fill(labels.imageCountMany, { n: count })}
      </span>
      <button
        type="button"
        className={styles.removeDamage}
        onClick={() => actions.removeDamage(damage.id)}
        disabled={!ready}
      >
        {labels.removeDamage}
      </button>
    </div>
  );
}

export function DamageSection(props: DamageSectionProps) {
  const { damage, strings, actions, error, failedKey, expanded, registerPicker } = props;
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  useLayoutEffect(
    () => registerPicker(damage.id, { box: box.current!, input: picker.current! }),
    [registerPicker, damage.id],
  );
  const { addPhotos, replacePhoto, keepPhoto, removePhoto } = actions;
  // stable while the damage is, so a thumbnail renders again only when its own photo changes
  const pickerActions = useMemo(
    () => ({ addPhotos: (files: File[]) => addPhotos(damage.id, files), replacePhoto, keepPhoto, removePhoto }),
    [addPhotos, replacePhoto, keepPhoto, removePhoto, damage.id],
  );

  return (
    <section className={styles.damage} aria-labelledby={`${id}-heading`}>
      <DamageHead id={id} {...props} />
      <div className={styles.damageBody} id={`${id}-panel`} hidden={!expanded}>
        <PhotoPicker
          id={id}
          photos={damage.photos}
          strings={strings}
          actions={pickerActions}
          error={error}
          failedKey={failedKey}
          boxRef={box}
          inputRef={picker}
        />
      </div>
    </section>
  );
}
