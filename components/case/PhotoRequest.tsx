"use client";

/**
 * A photo link: the workshop's words (as text), then the photo guide, picker
 * and photo check the quote form shows too (PhotoPicker over QuotePhotos), and
 * `Send bildene`. The photos are prepared and uploaded exactly as a quote's
 * (lib/quote/pipeline.ts uploadPhotos: a clean copy without metadata, the
 * same names, retries), then named in one call to the case.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { PhotoPicker } from "@/components/photos/PhotoPicker";
import { Button } from "@/components/ui/Button";
import { FieldError } from "@/components/ui/FieldError";
import { SendFailure } from "@/components/ui/SendFailure";
import { fill } from "@/lib/format";
import { loadPhotoWork } from "@/lib/photos/photo-work/work";
import { QuotePhotos } from "@/lib/photos/photos";
import { uploadPhotos } from "@/lib/quote/pipeline";
import { browserFetch } from "@/lib/quote/transport";
import { failureTexts, type CaseDeps, type CaseStrings, type Contact } from "./types";
import type { useCaseAction } from "./useCaseAction";
import styles from "./CasePage.module.css";

interface Props {
  message?: string;
  strings: CaseStrings;
  contact: Contact;
  action: ReturnType<typeof useCaseAction>;
  deps: CaseDeps;
}

/** The photos being chosen, for the life of the page; their work stopped when it goes. */
function usePhotos(deps: CaseDeps) {
  const [photos] = useState(() => new QuotePhotos({ loadWork: deps.loadWork ?? loadPhotoWork }));
  useEffect(() => () => photos.dispose(), [photos]);
  const damages = useSyncExternalStore(photos.subscribe, photos.getSnapshot, photos.getSnapshot);
  const damage = damages[0]!;
  const actions = useMemo(
    () => ({
      addPhotos: (files: File[]) => photos.add(damage.id, files),
      replacePhoto: (key: string, file: File) => photos.replace(key, file),
      keepPhoto: (key: string) => photos.keep(key),
      removePhoto: (key: string) => photos.remove(key),
    }),
    [photos, damage.id],
  );
  return { photos, damage, actions };
}

export function PhotoRequest({ message, strings, contact, action, deps }: Props) {
  const texts = strings.page.photos;
  const id = useId();
  const { photos, damage, actions } = usePhotos(deps);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadFailed, setUploadFailed] = useState<{ key: string; name: string }>();
  const { busy, failed, fieldErrors, setFieldErrors, run } = action;
  const sending = useRef(false);

  const send = async () => {
    if (sending.current) return; // a second press while the photos go sends nothing
    sending.current = true;
    try {
      await sendPhotos();
    } finally {
      sending.current = false;
    }
  };
  const sendPhotos = async () => {
    setUploadFailed(undefined);
    if ((photos.toSend()[0]?.photos.length ?? 0) === 0) {
      setFieldErrors({ photos: texts.photosRequired });
      return input.current?.focus();
    }
    setFieldErrors({});
    setUploading(true);
    const failure = await uploadPhotos(photos, { fetch: deps.fetch ?? browserFetch }).finally(() =>
      setUploading(false),
    );
    if (failure) return setUploadFailed({ key: failure.image.key, name: failure.image.name });
    const refs = photos.toSend()[0]!.photos.flatMap((p) => (p.stored ? [p.stored] : []));
    await run({ action: "photos", photos: refs });
  };

  const working = busy || uploading;
  return (
    <>
      {message && (
        <section className={styles.section} aria-labelledby={`${id}-message`}>
          <h2 id={`${id}-message`}>{texts.messageHeading}</h2>
          <p className={styles.note}>{message}</p>
        </section>
      )}
      <div className={styles.photoBox}>
        <PhotoPicker
          id={id}
          photos={damage.photos}
          strings={strings.photos}
          actions={actions}
          error={fieldErrors.photos}
          failedKey={uploadFailed?.key}
          boxRef={box}
          inputRef={input}
        />
      </div>
      <FieldError text={fieldErrors.general} icon={false} />
      {(uploadFailed || failed) && (
        <SendFailure
          texts={failureTexts(strings)}
          text={uploadFailed ? fill(texts.uploadFailed, { name: uploadFailed.name }) : strings.page.failure.send}
          contact={contact}
          busy={working}
          onRetry={() => void send()}
        />
      )}
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => void send()} disabled={working}>
          {texts.send}
        </Button>
      </div>
      {working && (
        <p className={styles.sending} role="status">
          {uploading ? strings.photos.progress.uploading : strings.page.offer.sending}
        </p>
      )}
    </>
  );
}
