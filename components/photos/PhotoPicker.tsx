"use client";

/**
 * A set of photos being chosen: the three shots that price a dent
 * (PhotoGuide), the picker (`Last opp bilder`), a thumbnail per photo with
 * `Fjern bilde`, its work while it is prepared, and the check's note
 * (`Ta nytt bilde`, `Behold`) or that it cannot be read. The quote form shows
 * one per damage; the case page one for the photos the workshop asks for.
 * The photos themselves live in lib/photos/photos.ts; this only renders them
 * and calls `actions`.
 *
 * The picker is one `<input type="file" multiple>` without `capture`: phones
 * then offer both the camera and the photo library (with `capture` many phones
 * go straight to the camera and the gallery cannot be used). It accepts the
 * contract's image types (IMAGE_ACCEPT).
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { FieldError } from "@/components/ui/FieldError";
import { Icon } from "@/components/ui/Icon";
import { FIELD_LIMITS, IMAGE_ACCEPT } from "@/lib/api/schemas";
import type { Strings as ContentStrings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import type { ImagePick, Photo } from "@/lib/photos/photos";
import { PhotoGuide } from "./PhotoGuide";
import styles from "./PhotoPicker.module.css";

/** The quote form's texts a picker shows. */
export type PhotoPickerStrings = Pick<ContentStrings["quoteForm"], "labels" | "progress" | "photoCheck" | "photoGuide">;
type Strings = PhotoPickerStrings;

/** What the picker's buttons do to the photos; adding or replacing answers what was left out. */
export interface PhotoPickerActions {
  addPhotos: (files: File[]) => Omit<ImagePick, "images">;
  replacePhoto: (key: string, file: File) => Omit<ImagePick, "images">;
  keepPhoto: (key: string) => void;
  removePhoto: (key: string) => void;
}

/** What the visitor is told about files left out: not an image, or too many. */
function pickNotes(labels: Strings["labels"], { rejected, tooMany }: Omit<ImagePick, "images">) {
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
function ThumbWork({ photo, labels }: { photo: Photo; labels: Strings["progress"] }) {
  if (photo.stage === "ready" || photo.stage === "unreadable") return null;
  const text = photo.stage === "preparing" ? fill(labels.compressing, { percent: photo.percent }) : labels.waiting;
  return (
    <span className={styles.thumbWork}>
      <span>{text}</span>
      <span className={styles.thumbWorkBar} style={{ scale: `${photo.percent / 100} 1` }} aria-hidden="true" />
    </span>
  );
}

/** A thumbnail's elements that take the keyboard: its photo and its `Fjern bilde`. */
interface ThumbTargets {
  image?: HTMLElement | null;
  remove?: HTMLElement | null;
}

interface ThumbProps {
  photo: Photo;
  index: number;
  failed: boolean;
  strings: Strings;
  /** where the section finds this thumbnail's elements, by photo */
  targets: Map<string, ThumbTargets>;
  onRemove: (photo: Photo, index: number) => void;
  onReplace: (photo: Photo, index: number, file: File) => void;
  onKeep: (photo: Photo) => void;
}

/**
 * One thumbnail with `Fjern bilde`, its work, and under it the check's note or
 * that the photo cannot be read, with `Ta nytt bilde` and `Behold`. Memoised: a
 * change of one photo (its work's progress, its note) renders that thumbnail alone.
 */
const Thumb = memo(function Thumb({ photo, index, failed, strings, targets, onRemove, onReplace, onKeep }: ThumbProps) {
  const retake = useRef<HTMLInputElement>(null);
  const [imageRef, removeRef] = useMemo(() => {
    const set = (part: keyof ThumbTargets) => (element: HTMLElement | null) =>
      void targets.set(photo.key, { ...targets.get(photo.key), [part]: element });
    return [set("image"), set("remove")];
  }, [targets, photo.key]);
  useEffect(() => () => void targets.delete(photo.key), [targets, photo.key]);
  const { photoCheck } = strings;
  return (
    <li className={styles.thumb} data-failed={failed || undefined} data-note={photo.note}>
      <div className={styles.thumbImage}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise */}
        <img ref={imageRef} src={photo.url || undefined} alt={photo.name} width={96} height={96} tabIndex={-1} />
        <button
          type="button"
          ref={removeRef}
          className={styles.removeImage}
          aria-label={strings.labels.removeImage}
          title={strings.labels.removeImage}
          onClick={() => onRemove(photo, index)}
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
            onFiles={([file]) => file && onReplace(photo, index, file)}
          />
          <button type="button" onClick={() => retake.current?.click()}>
            <Icon name="camera" size={18} />
            {photoCheck.retake}
          </button>
          {photo.note !== "unreadable" && (
            <button type="button" onClick={() => onKeep(photo)}>
              {photoCheck.keep}
            </button>
          )}
        </div>
      )}
    </li>
  );
});

/**
 * What a thumbnail's buttons do, and where the keyboard goes once the photos
 * have changed: after `Fjern bilde`, to the `Fjern bilde` now in that place (or
 * the last one); after `Ta nytt bilde`, to the new photo (to the photo itself when
 * the file chosen is not an image, and nothing changed); after `Behold`, to the
 * photo kept, not to its `Fjern bilde`, where one more Enter would remove it; to
 * the picker when no photo is left. Stable, so a thumbnail renders only when its photo changes.
 */
function useThumbActions(
  photos: readonly Photo[],
  { removePhoto, replacePhoto, keepPhoto }: PhotoPickerActions,
  picker: React.RefObject<HTMLInputElement | null>,
  setNotes: (left: Omit<ImagePick, "images">) => void,
) {
  const [targets] = useState(() => new Map<string, ThumbTargets>());
  const next = useRef<{ index: number; on: keyof ThumbTargets }>(undefined);
  useEffect(() => {
    if (!next.current) return;
    const { index, on } = next.current;
    next.current = undefined;
    const photo = photos[Math.min(index, photos.length - 1)];
    (photo ? targets.get(photo.key)?.[on] : picker.current)?.focus();
  }, [photos, targets, picker]);
  const handlers = useMemo(
    () => ({
      onRemove(photo: Photo, index: number) {
        next.current = { index, on: "remove" };
        removePhoto(photo.key);
      },
      onReplace(photo: Photo, index: number, file: File) {
        const left = replacePhoto(photo.key, file);
        if (left.rejected.length === 0) next.current = { index, on: "image" };
        else targets.get(photo.key)?.image?.focus();
        setNotes(left);
      },
      onKeep(photo: Photo) {
        targets.get(photo.key)?.image?.focus();
        keepPhoto(photo.key);
      },
    }),
    [removePhoto, replacePhoto, keepPhoto, setNotes, targets],
  );
  return { targets, ...handlers };
}

export interface PhotoPickerProps {
  /** the base of the picker's ids: `id-picker`, `id-hint`, `id-error` */
  id: string;
  photos: readonly Photo[];
  strings: Strings;
  actions: PhotoPickerActions;
  /** the problem that stopped a send here (no photo) */
  error?: string;
  /** the photo whose upload failed at the last send */
  failedKey?: string;
  /** the picker's box and its input, for whoever moves the keyboard to them */
  boxRef: RefObject<HTMLDivElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function PhotoPicker({ id, photos, strings, actions, error, failedKey, boxRef, inputRef }: PhotoPickerProps) {
  const { labels } = strings;
  const [notes, setNotes] = useState<string[]>([]);
  const noteLeftOut = useCallback((left: Omit<ImagePick, "images">) => setNotes(pickNotes(labels, left)), [labels]);
  const thumbActions = useThumbActions(photos, actions, inputRef, noteLeftOut);
  const addFiles = (files: File[]) => noteLeftOut(actions.addPhotos(files));

  // photos chosen in the prerendered page, before this code ran, are taken as if chosen now
  useEffect(() => {
    const files = Array.from(inputRef.current?.files ?? []);
    if (!files.length) return;
    inputRef.current!.value = "";
    addFiles(files);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for what was there when the picker took over
  }, []);

  return (
    <>
      <PhotoGuide strings={strings.photoGuide} />
      {photos.length > 0 && (
        <ul className={styles.thumbs}>
          {photos.map((photo, i) => (
            <Thumb
              key={photo.key}
              {...{ photo, strings, ...thumbActions }}
              index={i}
              failed={photo.key === failedKey}
            />
          ))}
        </ul>
      )}
      <div className={styles.picker} ref={boxRef}>
        <FileInput
          ref={inputRef}
          id={`${id}-picker`}
          multiple
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ")}
          onFiles={addFiles}
        />
        <label htmlFor={`${id}-picker`} className={styles.pickButton}>
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
      <FieldError id={`${id}-error`} text={error} alert />
    </>
  );
}
