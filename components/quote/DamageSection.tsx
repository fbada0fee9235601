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
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { Icon } from "@/components/ui/Icon";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import type { QuoteImage } from "@/lib/quote/form";
import type { PrepareState } from "@/lib/quote/prepare";
import styles from "./QuoteForm.module.css";

/** Each photo's work before Send, and the words for it (the progress view's). */
export interface Preparing {
  states: Readonly<Record<string, PrepareState>>;
  labels: Strings["quoteForm"]["progress"];
}

interface Props {
  number: number;
  labels: Strings["quoteForm"]["labels"];
  headingLevel: 3 | 4;
  images: QuoteImage[];
  previewUrl: (image: QuoteImage) => string;
  preparing: Preparing;
  expanded: boolean;
  onToggle: () => void;
  onRemove: () => void;
  /** adds what it can; answers notes for the user (not an image, too many) */
  onAddImages: (files: File[]) => string[];
  onRemoveImage: (key: string) => void;
  pickerId: string;
  /** false until the form's code runs: its buttons are disabled until then */
  ready: boolean;
  error?: string;
  /** the image that could not be uploaded, if it is in this damage */
  failedKey?: string;
  failedLabel: string;
}

/** The thumbnails, each with `Fjern bilde`; the one that failed to upload is marked. */
function Thumbnails({
  images,
  previewUrl,
  preparing,
  labels,
  onRemoveImage,
  pickerRef,
  failedKey,
  failedLabel,
}: Pick<Props, "images" | "previewUrl" | "preparing" | "labels" | "onRemoveImage" | "failedKey" | "failedLabel"> & {
  /** where the keyboard goes when the last thumbnail is removed */
  pickerRef: RefObject<HTMLInputElement | null>;
}) {
  const listRef = useRef<HTMLUListElement>(null);
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
          <ThumbWork state={preparing.states[image.key]} labels={preparing.labels} />
        </li>
      ))}
    </ul>
  );
}

/** Over a thumbnail while its photo is made smaller (or waits its turn): the work, in words and a bar. */
function ThumbWork({ state, labels }: { state?: PrepareState; labels: Preparing["labels"] }) {
  if (!state || state.stage === "ready") return null;
  const text = state.stage === "waiting" ? labels.waiting : fill(labels.compressing, { percent: state.percent });
  return (
    <span className={styles.thumbWork} data-stage={state.stage}>
      <span className={styles.thumbWorkText}>{text}</span>
      <span className={styles.thumbWorkBar} style={{ inlineSize: `${state.percent}%` }} aria-hidden="true" />
    </span>
  );
}

/** `Last opp bilder`: the file input, its button-like label and its hint. */
function ImagePicker({
  id,
  labels,
  pickerId,
  pickerRef,
  error,
  onFiles,
}: Pick<Props, "labels" | "pickerId" | "error"> & {
  id: string;
  pickerRef: RefObject<HTMLInputElement | null>;
  onFiles: (files: File[]) => void;
}) {
  // photos chosen in the prerendered form, before this code ran, are taken as if chosen now
  useEffect(() => {
    const input = pickerRef.current;
    const files = Array.from(input?.files ?? []);
    if (!input || files.length === 0) return;
    input.value = "";
    onFiles(files);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what was there when the form took over
  }, []);
  return (
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
          if (files.length) onFiles(files);
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
  );
}

/** How many images a damage has, in words. */
function countText(labels: Props["labels"], count: number): string {
  if (count === 0) return labels.noImages;
  return count === 1 ? labels.imageCountOne : fill(labels.imageCountMany, { n: count });
}

/** `Skade N` as the button that folds the damage, how many images it has, and `Fjern skade`. */
function DamageHead({
  id,
  number,
  labels,
  headingLevel,
  count,
  expanded,
  onToggle,
  onRemove,
  ready,
}: Pick<Props, "number" | "labels" | "headingLevel" | "expanded" | "onToggle" | "onRemove" | "ready"> & {
  id: string;
  count: number;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.damageHead}>
      <Heading className={styles.damageHeading} id={`${id}-heading`}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          disabled={!ready}
        >
          <span className={styles.chevron} data-expanded={expanded}>
            <Icon name="chevron" />
          </span>
          {fill(labels.damage, { n: number })}
        </button>
      </Heading>
      <span className={styles.count}>{countText(labels, count)}</span>
      <button type="button" className={styles.removeDamage} onClick={onRemove} disabled={!ready}>
        {labels.removeDamage}
      </button>
    </div>
  );
}

export function DamageSection(props: Props) {
  const { images, expanded, onAddImages, error } = props;
  const id = useId();
  const [notes, setNotes] = useState<string[]>([]);
  const pickerRef = useRef<HTMLInputElement>(null);

  return (
    <section className={styles.damage} aria-labelledby={`${id}-heading`}>
      <DamageHead id={id} count={images.length} {...props} />
      <div className={styles.damageBody} id={`${id}-panel`} hidden={!expanded}>
        {images.length > 0 && <Thumbnails {...props} pickerRef={pickerRef} />}
        <ImagePicker {...props} id={id} pickerRef={pickerRef} onFiles={(files) => setNotes(onAddImages(files))} />
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
