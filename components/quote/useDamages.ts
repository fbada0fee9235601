import { useCallback, useEffect, useRef, useState } from "react";
import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { FIELD_LIMITS } from "@/lib/api/contract";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import { loadCompressor } from "@/lib/quote/compressor";
import { emptyDamage, type QuoteFormValues, type QuoteImage } from "@/lib/quote/form";
import { pickImages } from "@/lib/quote/image-file";

let keyCounter = 0;
const newImageKey = () => `img-${++keyCounter}-${Math.random().toString(36).slice(2, 8)}`;

/** Which damages are folded away, by their field key. */
function useCollapsed() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const setExpanded = useCallback(
    (key: string, expanded: boolean) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (expanded) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  return { isExpanded: (key: string) => !collapsed.has(key), setExpanded };
}

/** After a damage is added, focus moves to its image picker. */
function useFocusOnAdded(keys: string[], pickerId: (key: string) => string) {
  const count = keys.length;
  const previous = useRef(count);
  useEffect(() => {
    if (count > previous.current) document.getElementById(pickerId(keys[count - 1]!))?.focus();
    previous.current = count;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the count changes
  }, [count]);
}

interface Options {
  labels: Strings["quoteForm"]["labels"];
  pickerId: (key: string) => string;
  /** gives back the thumbnails of images that leave the form */
  release: (keys: string[]) => void;
  /** forgets the upload of an image that leaves the form */
  forget: (key: string) => void;
  /** starts making chosen images ready for upload */
  prepare: (images: QuoteImage[]) => void;
}

/** The damage list: adding and removing damages and their images, and which are folded away. */
export function useDamages(
  form: UseFormReturn<QuoteFormValues>,
  { labels, pickerId, release, forget, prepare }: Options,
) {
  const { control, getValues, setValue, clearErrors } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "damages" });
  const values = useWatch({ control, name: "damages" });
  const { isExpanded, setExpanded } = useCollapsed();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  useFocusOnAdded(
    fields.map((field) => field.id),
    pickerId,
  );
  const images = (index: number) => getValues(`damages.${index}.images`);

  /** adds what it can; answers the notes for the visitor (not an image, too many) */
  const addImages = (index: number, files: File[]): string[] => {
    void loadCompressor().catch(() => {}); // fetch the library now, not at submit
    const pick = pickImages(files, images(index).length);
    const notes = pick.rejected.map((name) => fill(labels.notAnImage, { name }));
    if (pick.tooMany) notes.push(fill(labels.tooManyImages, { max: FIELD_LIMITS.imagesPerDamage }));
    if (pick.images.length) {
      const added = pick.images.map((file) => ({ key: newImageKey(), file }));
      setValue(`damages.${index}.images`, [...images(index), ...added]);
      clearErrors(`damages.${index}.images`);
      prepare(added);
    }
    return notes;
  };

  const removeImage = (index: number, key: string) => {
    release([key]);
    forget(key);
    setValue(
      `damages.${index}.images`,
      images(index).filter((image) => image.key !== key),
    );
  };

  const addDamage = () => {
    clearErrors("damages");
    append(emptyDamage(), { shouldFocus: false });
  };

  const removeDamage = (index: number) => {
    const keys = images(index).map((image) => image.key);
    release(keys);
    keys.forEach(forget);
    remove(index);
    clearErrors("damages");
    addButtonRef.current?.focus();
  };

  return { fields, values, isExpanded, setExpanded, addButtonRef, addImages, removeImage, addDamage, removeDamage };
}
