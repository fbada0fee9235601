"use client";

/**
 * The price-quote form, on `/` and on `/pristilbud`. react-hook-form holds
 * every value (the chosen images too); lib/quote/form.ts decides what is
 * wrong, in the spec's order; lib/quote/pipeline.ts sends it. While sending,
 * the form is hidden (not unmounted) behind a progress view, so a failure
 * brings it back exactly as it was, with an alert and `Prøv igjen`.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes } from "react";
import { flushSync } from "react-dom";
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { Icon } from "@/components/ui/Icon";
import { FIELD_LIMITS, imageTypeByName } from "@/lib/api/contract";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, telHref } from "@/lib/format";
import { loadCompressor } from "@/lib/quote/compressor";
import {
  emptyDamage,
  emptyQuote,
  firstProblem,
  normaliseRegNumber,
  type QuoteFormValues,
  type QuoteImage,
  type QuoteProblem,
} from "@/lib/quote/form";
import { createQuoteSender, type ImageProgress, type PipelineResult } from "@/lib/quote/pipeline";
import { DamageSection } from "./DamageSection";
import { QuoteProgress, type ProgressItem } from "./QuoteProgress";
import { Template } from "./Template";
import fieldStyles from "@/components/ui/Field.module.css";
import styles from "./QuoteForm.module.css";

type Failure = Exclude<PipelineResult, { ok: true }>;
type Phase = { name: "editing" } | { name: "sending" } | { name: "failed"; failure: Failure };

interface Props {
  strings: Strings["quoteForm"];
  /** the e-mail and phone messages shared with the booking form */
  fieldErrors: Strings["fieldErrors"];
  contact: { phone: string; email: string };
  userId: string;
  /** id of the heading that names the form (`Få et pristilbud`) */
  labelledBy: string;
  /** level of the form's own headings (`Skadene`); each damage is one deeper */
  headingLevel: 2 | 3;
  thanksHref: string;
}

/** The file as an image, or undefined. Some phones give HEIC photos no type: name it by the extension. */
function asImage(file: File): File | undefined {
  if (file.type.startsWith("image/")) return file;
  const type = imageTypeByName(file.name)?.mime;
  if (!type || file.type) return undefined;
  return new File([file], file.name, { type, lastModified: file.lastModified });
}

let keyCounter = 0;
const newImageKey = () => `img-${++keyCounter}-${Math.random().toString(36).slice(2, 8)}`;

/** RHF's error shape for one problem: a field, the damage list's root, or one damage's images. */
function toErrors(problem: QuoteProblem): FieldErrors<QuoteFormValues> {
  const error = { type: "validate", message: problem.message };
  if (problem.field === "damages") return { damages: { root: error } } as FieldErrors<QuoteFormValues>;
  const match = /^damages\.(\d+)\.images$/.exec(problem.field);
  if (match) {
    const damages: unknown[] = [];
    damages[Number(match[1])] = { images: error };
    return { damages } as FieldErrors<QuoteFormValues>;
  }
  return { [problem.field]: error };
}

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function bringIntoView(target: HTMLElement, focus: HTMLElement = target) {
  target.scrollIntoView({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" });
  focus.focus({ preventScroll: true });
}

export function QuoteForm({ strings, fieldErrors, contact, userId, labelledBy, headingLevel, thanksHref }: Props) {
  const router = useRouter();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const L = strings.labels;
  const messages = useMemo(() => ({ ...fieldErrors, ...strings.errors }), [fieldErrors, strings.errors]);
  const Heading = `h${headingLevel}` as const;

  const resolver = useCallback<Resolver<QuoteFormValues>>(
    async (values) => {
      const problem = firstProblem(values, messages);
      return problem ? { values: {}, errors: toErrors(problem) } : { values, errors: {} };
    },
    [messages],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<QuoteFormValues>({
    defaultValues: emptyQuote(),
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { fields, append, remove } = useFieldArray({ control, name: "damages" });
  const damages = useWatch({ control, name: "damages" });

  const [phase, setPhase] = useState<Phase>({ name: "editing" });
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<Record<string, ImageProgress>>({});
  const [sendingInquiry, setSendingInquiry] = useState(false);
  const [progressItems, setProgressItems] = useState<ProgressItem[]>([]);

  // one sender for the life of the form: it keeps the uploads that succeeded between tries
  const [sender] = useState(() =>
    createQuoteSender({ fetch: (input, init) => window.fetch(input, init), compress: loadCompressor, userId }),
  );
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const progressHeadingRef = useRef<HTMLHeadingElement>(null);

  // object URLs for the thumbnails, made once per image and given back when it goes
  const previews = useRef(new Map<string, string>());
  const previewUrl = useCallback((image: QuoteImage) => {
    let url = previews.current.get(image.key);
    if (!url) {
      url = URL.createObjectURL(image.file);
      previews.current.set(image.key, url);
    }
    return url;
  }, []);
  useEffect(() => {
    const map = previews.current;
    return () => {
      map.forEach((url) => URL.revokeObjectURL(url));
      map.clear();
    };
  }, []);

  useEffect(() => {
    if (phase.name === "failed" && alertRef.current) bringIntoView(alertRef.current);
    if (phase.name === "sending") progressHeadingRef.current?.focus();
  }, [phase]);

  const setExpanded = (key: string, expanded: boolean) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (expanded) next.delete(key);
      else next.add(key);
      return next;
    });

  const pickerId = (fieldKey: string) => fieldId(`picker-${fieldKey}`);

  const focusProblem = (problem: QuoteProblem) => {
    if (problem.field === "damages") {
      if (addButtonRef.current) bringIntoView(addButtonRef.current);
      return;
    }
    const match = /^damages\.(\d+)\.images$/.exec(problem.field);
    if (match) {
      const field = fields[Number(match[1])];
      if (!field) return;
      flushSync(() => setExpanded(field.id, true));
      const picker = document.getElementById(pickerId(field.id));
      const section = picker?.closest("section");
      if (picker) bringIntoView(section?.querySelector<HTMLElement>("[data-picker]") ?? picker, picker);
      return;
    }
    const input = document.getElementById(fieldId(problem.field));
    if (input) bringIntoView(input);
  };

  const onInvalid = () => {
    const problem = firstProblem(getValues(), messages);
    if (problem) focusProblem(problem);
  };

  const onValid = async (values: QuoteFormValues) => {
    if (sender.busy) return;
    setProgressItems(
      values.damages.flatMap((damage, d) =>
        damage.images.map((image) => ({
          key: image.key,
          name: image.file.name,
          damage: d + 1,
          preview: previewUrl(image),
        })),
      ),
    );
    setProgress({});
    setSendingInquiry(false);
    setPhase({ name: "sending" });
    const result = await sender.send(values, (event) => {
      if (event.type === "inquiry") setSendingInquiry(true);
      else setProgress((current) => ({ ...current, [event.progress.key]: event.progress }));
    });
    if (result.ok) {
      router.push(thanksHref);
      return;
    }
    if (result.reason === "upload") {
      const field = fields[result.damageIndex];
      if (field) setExpanded(field.id, true);
    }
    setPhase({ name: "failed", failure: result });
  };

  const submit = () => handleSubmit(onValid, onInvalid)();

  const addImages = (index: number, files: File[]): string[] => {
    void loadCompressor().catch(() => {}); // fetch the library now, not at submit
    const notes: string[] = [];
    const current = getValues(`damages.${index}.images`);
    const accepted: QuoteImage[] = [];
    for (const file of files) {
      const image = asImage(file);
      if (image) accepted.push({ key: newImageKey(), file: image });
      else notes.push(fill(L.notAnImage, { name: file.name }));
    }
    const room = Math.max(0, FIELD_LIMITS.imagesPerDamage - current.length);
    if (accepted.length > room) notes.push(fill(L.tooManyImages, { max: FIELD_LIMITS.imagesPerDamage }));
    if (accepted.length) {
      setValue(`damages.${index}.images`, [...current, ...accepted.slice(0, room)]);
      clearErrors(`damages.${index}.images`);
    }
    return notes;
  };

  const removeImage = (index: number, key: string) => {
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    sender.forget(key);
    setValue(
      `damages.${index}.images`,
      getValues(`damages.${index}.images`).filter((image) => image.key !== key),
    );
  };

  const addDamage = () => {
    clearErrors("damages");
    append(emptyDamage(), { shouldFocus: false });
  };

  // after adding, move focus to the new damage's picker
  const damageCount = fields.length;
  const previousCount = useRef(damageCount);
  useEffect(() => {
    if (damageCount > previousCount.current) {
      const last = fields[damageCount - 1];
      if (last) document.getElementById(pickerId(last.id))?.focus();
    }
    previousCount.current = damageCount;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the count changes
  }, [damageCount]);

  const removeDamage = (index: number) => {
    for (const image of getValues(`damages.${index}.images`)) {
      const url = previews.current.get(image.key);
      if (url) URL.revokeObjectURL(url);
      previews.current.delete(image.key);
    }
    remove(index);
    clearErrors("damages");
    addButtonRef.current?.focus();
  };

  const failure = phase.name === "failed" ? phase.failure : undefined;
  const failedKey = failure?.reason === "upload" ? failure.image.key : undefined;

  const reg = register("regNumber", { onChange: () => clearErrors("regNumber") });
  const describedBy = (name: string, hint?: boolean) =>
    [hint && fieldId(`${name}-hint`), errors[name as keyof QuoteFormValues] && fieldId(`${name}-error`)]
      .filter(Boolean)
      .join(" ") || undefined;

  const fieldError = (name: "regNumber" | "email" | "phone") =>
    errors[name] && (
      <p className={styles.error} id={fieldId(`${name}-error`)}>
        <Icon name="alert" size={18} />
        {errors[name]?.message}
      </p>
    );

  const contactField = (name: "email" | "phone", attributes: InputHTMLAttributes<HTMLInputElement>) => (
    <div className={`${fieldStyles.field} ${styles.field}`}>
      <label htmlFor={fieldId(name)}>{L[name]}</label>
      <input
        id={fieldId(name)}
        {...attributes}
        maxLength={FIELD_LIMITS[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        {...register(name, { onChange: () => clearErrors(name) })}
      />
      {fieldError(name)}
    </div>
  );

  return (
    <div className={styles.root}>
      {phase.name === "sending" && (
        <QuoteProgress
          strings={strings.progress}
          items={progressItems}
          progress={progress}
          sendingInquiry={sendingInquiry}
          headingRef={progressHeadingRef}
          headingLevel={headingLevel}
        />
      )}
      <form
        className={styles.form}
        noValidate
        aria-labelledby={labelledBy}
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        hidden={phase.name === "sending"}
      >
        {failure && (
          <div className={styles.failure} role="alert" ref={alertRef} tabIndex={-1}>
            <p className={styles.failureHeading}>
              <Icon name="alert" size={22} />
              {strings.failure.heading}
            </p>
            <p>
              {failure.reason === "upload"
                ? fill(strings.failure.upload, { name: failure.image.file.name, n: failure.damageIndex + 1 })
                : strings.failure.inquiry}
            </p>
            <p>
              <Template
                text={strings.failure.contact}
                values={{
                  phone: <a href={telHref(contact.phone)}>{contact.phone}</a>,
                  email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
                }}
              />
            </p>
            <button type="button" className={styles.retry} onClick={() => void submit()}>
              {strings.failure.retry}
            </button>
          </div>
        )}

        <div className={styles.fields}>
          <div className={`${fieldStyles.field} ${styles.field} ${styles.fieldReg}`}>
            <label htmlFor={fieldId("regNumber")}>{L.regNumber}</label>
            <input
              id={fieldId("regNumber")}
              className={styles.regInput}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={FIELD_LIMITS.regNumber}
              aria-invalid={errors.regNumber ? true : undefined}
              aria-describedby={describedBy("regNumber", true)}
              {...reg}
              onChange={(event) => {
                const input = event.target;
                const upper = normaliseRegNumber(input.value);
                if (upper !== input.value) {
                  const { selectionStart, selectionEnd } = input;
                  input.value = upper;
                  input.setSelectionRange(selectionStart, selectionEnd);
                }
                return reg.onChange(event);
              }}
            />
            <p className={styles.hint} id={fieldId("regNumber-hint")}>
              {L.regNumberHint}
            </p>
            {fieldError("regNumber")}
          </div>
          {contactField("email", { type: "email", inputMode: "email", autoComplete: "email", spellCheck: false })}
          {contactField("phone", { type: "tel", inputMode: "tel", autoComplete: "tel" })}
          <div className={`${fieldStyles.field} ${styles.field} ${styles.fieldWide}`}>
            <label htmlFor={fieldId("message")}>{L.message}</label>
            <textarea
              id={fieldId("message")}
              rows={4}
              maxLength={FIELD_LIMITS.message}
              aria-describedby={describedBy("message", true)}
              {...register("message")}
            />
            <p className={styles.hint} id={fieldId("message-hint")}>
              {L.messageHint}
            </p>
          </div>
        </div>

        <div className={styles.damages}>
          <Heading className={styles.damagesHeading}>{L.damagesHeading}</Heading>
          <p className={styles.hint}>{L.damagesLead}</p>
          {fields.map((field, index) => (
            <DamageSection
              key={field.id}
              number={index + 1}
              labels={L}
              headingLevel={(headingLevel + 1) as 3 | 4}
              images={damages?.[index]?.images ?? []}
              previewUrl={previewUrl}
              expanded={!collapsed.has(field.id)}
              onToggle={() => setExpanded(field.id, collapsed.has(field.id))}
              onRemove={() => removeDamage(index)}
              onAddImages={(files) => addImages(index, files)}
              onRemoveImage={(key) => removeImage(index, key)}
              pickerId={pickerId(field.id)}
              error={errors.damages?.[index]?.images?.message}
              failedKey={failedKey}
              failedLabel={strings.progress.failed}
            />
          ))}
          <button
            type="button"
            ref={addButtonRef}
            className={styles.addDamage}
            onClick={addDamage}
            disabled={fields.length >= FIELD_LIMITS.damages}
            aria-describedby={errors.damages?.root ? fieldId("damages-error") : undefined}
          >
            <Icon name="plus" />
            {L.addDamage}
          </button>
          {errors.damages?.root && (
            <p className={styles.error} id={fieldId("damages-error")} role="alert">
              <Icon name="alert" size={18} />
              {errors.damages.root.message}
            </p>
          )}
        </div>

        <div className={styles.submitRow}>
          <button type="submit" className={styles.submit} disabled={phase.name === "sending"}>
            {L.submit}
          </button>
          <p className={styles.privacy}>
            {L.privacy} <Link href="/personvern">{L.privacyLink}</Link>.
          </p>
        </div>
      </form>
    </div>
  );
}
