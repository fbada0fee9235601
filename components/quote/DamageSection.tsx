"use client";

/**
 * One damage (`Skade N`): a heading whose button collapses and expands it,
 * `Fjern skade`, and its photos: the three shots that price a dent
 * (PhotoGuide), the picker (`Last opp bilder`) and a
 * thumbnail per photo with `Fjern bilde`, its work while it is prepared, and
 * the check's note (`Ta nytt bilde`, `Behold`) or that it cannot be read.
 *
 * The picker is one `<input type="file" multiple>` without `capture`: phones
 * then offer both the camera and the photo library (with `capture` many phones
 * go straight to the camera and the gallery cannot be used). It accepts the
 * contract's image types (IMAGE_ACCEPT).
 */
import { memo, type RefObject, useEffect, useId, useRef, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { FIELD_LIMITS, IMAGE_ACCEPT } from "@/lib/api/schemas";
import { fill } from "@/lib/format";
import type { Damage, ImagePick, Photo } from "@/lib/quote/photos";
import { PhotoGuide } from "./PhotoGuide";
import type { QuoteOptions, useQuote } from "./useQuote";
import styles from "./QuoteForm.module.css";

type Quote = ReturnType<typeof useQuote>;

/** One damage of the list (DamageList), with what every damage shares: the quote's state and actions, the strings, where focus goes. */
export interface DamageSectionProps extends Pick<Quote, "view" | "photos" | "actions"> {
  damage: Damage;
  index: number;
  addButtonRef: RefObject<HTMLButtonElement | null>;
  strings: QuoteOptions["strings"];
  headingLevel: 2 | 3;
  /** false until the form's code runs: its buttons are disabled until then */
  ready: boolean;
}

type Props = DamageSectionProps;

/** What the visitor is told about files left out: not an image, or too many. */
function pickNotes(labels: Props["strings"]["labels"], { rejected, tooMany }: Omit<ImagePick, "images">) {
  const notes = rejected.map((name) => fill(labels.notAnImage, { name }));
  return tooMany ? [...notes, fill(labels.tooManyImages, { max: FIELD_LIMITS.imagesPerDamage })] : notes;
}

/** A file input (visually hidden): the picker's, or the one `Ta nytt bilde` opens. */
function FileInput({ onFiles, ...rest }: React.ComponentProps<"input"> & { onFiles: (files: File[]) => void }) {
  return (
    <input
      className={styles.fileInput}
      type="file"
      accept={IMAGE_ACCEPT}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        event.target.value = ""; // the same photo can be chosen again after removing it
        if (files.length) onFiles(files);
      }}
      {...rest}
    />
  );
}

/** Over a thumbnail while its photo is prepared (or waits its turn): the work, in words and a bar. */
function ThumbWork({ photo, labels }: { photo: Photo; labels: Props["strings"]["progress"] }) {
  if (photo.stage === "ready" || photo.stage === "unreadable") return null;
  const text = photo.stage === "preparing" ? fill(labels.compressing, { percent: photo.percent }) : labels.waiting;
  return (
    <span className={styles.thumbWork}>
      <span>{text}</span>
      <span className={styles.thumbWorkBar} style={{ scale: `${photo.percent / 100} 1` }} aria-hidden="true" />
    </span>
  );
}

/**
 * Keeps the keyboard in place once a thumbnail (`from` is in it) has changed:
 * on the `index`th (or else the last) thumbnail, its `Fjern bilde` after a photo
 * was removed, or its photo after one was replaced; else on the picker.
 */
function focusThumb(from: HTMLElement, index: number, on: "remove" | "photo" = "remove") {
  const section = from.closest("section");
  requestAnimationFrame(() => {
    const targets = section?.querySelectorAll<HTMLElement>(
      on === "remove" ? `.${styles.removeImage}` : `.${styles.thumb} img`,
    );
    (
      targets?.[Math.min(index, targets.length - 1)] ?? section?.querySelector<HTMLElement>("[data-picker] input")
    )?.focus();
  });
}

interface ThumbProps extends Pick<Props, "strings" | "photos"> {
  photo: Photo;
  index: number;
  failed: boolean;
  onNotes: (notes: string[]) => void;
}

/**
 * One thumbnail with `Fjern bilde`, its work, and under it the check's note or
 * that the photo cannot be read, with `Ta nytt bilde` and `Behold`. Memoised: a
 * change of one photo (its work's progress, its note) renders that thumbnail alone.
 */
const Thumb = memo(function Thumb({ photo, index, failed, strings, photos, onNotes }: ThumbProps) {
  const retake = useRef<HTMLInputElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const { photoCheck } = strings;
  return (
    <li className={styles.thumb} data-failed={failed || undefined} data-note={photo.note}>
      <div className={styles.thumbImage}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise */}
        <img ref={image} src={photo.url || undefined} alt={photo.name} width={96} height={96} tabIndex={-1} />
        <button
          type="button"
          className={styles.removeImage}
          aria-label={strings.labels.removeImage}
          title={strings.labels.removeImage}
          onClick={(event) => {
            focusThumb(event.currentTarget, index);
            photos.remove(photo.key);
          }}
        >
          <Icon name="close" size={18} />
        </button>
        {failed && <span className={styles.thumbFailed}>{strings.progress.failed}</span>}
        <ThumbWork photo={photo} labels={strings.progress} />
      </div>
      {photo.note && (
        <div className={styles.photoNote} data-note={photo.note}>
          <p>{photoCheck[photo.note]}</p>
          <FileInput
            ref={retake}
            tabIndex={-1}
            aria-hidden="true"
            onFiles={([file]) => {
              if (!file) return;
              focusThumb(retake.current!, index, "photo"); // the new photo, in this one's place
              onNotes(pickNotes(strings.labels, photos.replace(photo.key, file)));
            }}
          />
          <button type="button" onClick={() => retake.current?.click()}>
            <Icon name="camera" size={18} />
            {photoCheck.retake}
          </button>
          {photo.note !== "unreadable" && (
            <button
              type="button"
              onClick={() => {
                // on the photo kept, not on its Fjern bilde, where one more Enter would remove it
                image.current?.focus();
                photos.keep(photo.key);
              }}
            >
              {photoCheck.keep}
            </button>
          )}
        </div>
      )}
    </li>
  );
});

/** `Skade N` as the button that folds the damage, how many photos it has, and `Fjern skade`. */
function DamageHead({ id, damage, index, strings, headingLevel, view, actions, ready }: Props & { id: string }) {
  const Heading = `h${headingLevel + 1}` as "h3" | "h4";
  const { labels } = strings;
  const count = damage.photos.length;
  const expanded = view.expanded(damage.id);
  return (
    <div className={styles.damageHead}>
      <Heading className={styles.damageHeading} id={`${id}-heading`}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={() => view.setExpanded(damage.id, !expanded)}
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

export function DamageSection(props: Props) {
  const { damage, index, strings, photos, view } = props;
  const error = view.problem?.kind === "images" && view.problem.damage === index ? view.problem.message : undefined;
  const { phase } = view;
  const failedKey = phase.name === "failed" && phase.failure.reason === "upload" ? phase.failure.image.key : undefined;
  const pickerId = view.pickerId(damage.id);
  const id = useId();
  const [notes, setNotes] = useState<string[]>([]);
  const pickerRef = useRef<HTMLInputElement>(null);
  const addFiles = (files: File[]) => setNotes(pickNotes(strings.labels, photos.add(damage.id, files)));

  // photos chosen in the prerendered form, before this code ran, are taken as if chosen now
  useEffect(() => {
    const files = Array.from(pickerRef.current?.files ?? []);
    if (!files.length) return;
    pickerRef.current!.value = "";
    addFiles(files);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what was there when the form took over
  }, []);

  return (
    <section className={styles.damage} aria-labelledby={`${id}-heading`}>
      <DamageHead id={id} {...props} />
      <div className={styles.damageBody} id={`${id}-panel`} hidden={!view.expanded(damage.id)}>
        <PhotoGuide strings={strings.photoGuide} />
        {damage.photos.length > 0 && (
          <ul className={styles.thumbs}>
            {damage.photos.map((photo, i) => (
              <Thumb
                key={photo.key}
                {...{ photo, strings, photos }}
                index={i}
                failed={photo.key === failedKey}
                onNotes={setNotes}
              />
            ))}
          </ul>
        )}
        <div className={styles.picker} data-picker>
          <FileInput
            ref={pickerRef}
            id={pickerId}
            multiple
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ")}
            onFiles={addFiles}
          />
          <label htmlFor={pickerId} className={styles.pickButton}>
            <Icon name="camera" />
            {strings.labels.pickImages}
          </label>
          <p className={styles.hint} id={`${id}-hint`}>
            {strings.labels.pickImagesHint}
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
