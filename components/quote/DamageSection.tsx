"use client";

/**
 * One damage (`Skade N`): a heading whose button collapses and expands it,
 * `Fjern skade`, and its images: the picker (`Last opp bilder`) and a
 * thumbnail per image with `Fjern bilde`.
 *
 * The picker is one `<input type="file" accept="image/*" multiple>` without
 * `capture`: phones then offer both the camera and the photo library (with
 * `capture` many phones go straight to the camera and the gallery cannot be
 * used, and on a computer a second "camera" button would do the same as the first).
 */
import { useId, useRef, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import type { QuoteImage } from "@/lib/quote/form";
import styles from "./QuoteForm.module.css";

interface Props {
  number: number;
  labels: Strings["quoteForm"]["labels"];
  headingLevel: 3 | 4;
  images: QuoteImage[];
  previewUrl: (image: QuoteImage) => string;
  expanded: boolean;
  onToggle: () => void;
  onRemove: () => void;
  /** adds what it can; answers notes for the user (not an image, too many) */
  onAddImages: (files: File[]) => string[];
  onRemoveImage: (key: string) => void;
  pickerId: string;
  error?: string;
  /** the image that could not be uploaded, if it is in this damage */
  failedKey?: string;
  failedLabel: string;
}

export function DamageSection({
  number,
  labels,
  headingLevel,
  images,
  previewUrl,
  expanded,
  onToggle,
  onRemove,
  onAddImages,
  onRemoveImage,
  pickerId,
  error,
  failedKey,
  failedLabel,
}: Props) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const [notes, setNotes] = useState<string[]>([]);
  const listRef = useRef<HTMLUListElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const count =
    images.length === 0
      ? labels.noImages
      : images.length === 1
        ? labels.imageCountOne
        : fill(labels.imageCountMany, { n: images.length });

  const removeImage = (index: number, key: string) => {
    onRemoveImage(key);
    // keep the keyboard in place: the next thumbnail's button, else the picker
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button");
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? pickerRef.current)?.focus();
    });
  };

  return (
    <section className={styles.damage} aria-labelledby={`${id}-heading`}>
      <div className={styles.damageHead}>
        <Heading className={styles.damageHeading} id={`${id}-heading`}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={`${id}-panel`}
            onClick={onToggle}
          >
            <span className={styles.chevron} data-expanded={expanded}>
              <Icon name="chevron" />
            </span>
            {fill(labels.damage, { n: number })}
          </button>
        </Heading>
        <span className={styles.count}>{count}</span>
        <button type="button" className={styles.removeDamage} onClick={onRemove}>
          {labels.removeDamage}
        </button>
      </div>
      <div className={styles.damageBody} id={`${id}-panel`} hidden={!expanded}>
        {images.length > 0 && (
          <ul className={styles.thumbs} ref={listRef}>
            {images.map((image, index) => (
              <li key={image.key} className={styles.thumb} data-failed={image.key === failedKey || undefined}>
                {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise */}
                <img src={previewUrl(image)} alt={image.file.name} width={96} height={96} />
                <button
                  type="button"
                  className={styles.removeImage}
                  aria-label={labels.removeImage}
                  title={labels.removeImage}
                  onClick={() => removeImage(index, image.key)}
                >
                  <Icon name="close" size={18} />
                </button>
                {image.key === failedKey && <span className={styles.thumbFailed}>{failedLabel}</span>}
              </li>
            ))}
          </ul>
        )}
        <div className={styles.picker} data-picker>
          <input
            ref={pickerRef}
            id={pickerId}
            className={styles.fileInput}
            type="file"
            accept="image/*"
            multiple
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ")}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = ""; // the same photo can be chosen again after removing it
              if (files.length) setNotes(onAddImages(files));
            }}
          />
          <label htmlFor={pickerId} className={styles.pickButton}>
            <Icon name="camera" />
            {labels.pickImages}
          </label>
          <p className={styles.hint} id={`${id}-hint`}>
            {labels.pickImagesHint}
          </p>
        </div>
        {notes.length > 0 && (
          <ul className={styles.notes} role="status">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        {error && (
          <p className={styles.error} id={`${id}-error`} role="alert">
            <Icon name="alert" size={18} />
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
