"use client";

/**
 * The price-quote form, on `/` and on `/pristilbud`, composed of small parts:
 * useQuoteForm (react-hook-form, checked by lib/quote/form.ts in the form's
 * order), useDamages (the damage list), useObjectUrls (thumbnails),
 * useQuoteSubmission (lib/quote/pipeline.ts sends it) and useQuoteFocus. While
 * sending, the form is hidden (not unmounted) behind a progress view, so a
 * failure brings it back exactly as it was, with an alert and `Prøv igjen`.
 */
import { useCallback, useEffect, useId, useMemo, useRef } from "react";
import { DraftNotice, OfflineNotice } from "@/components/drafts/DraftNotice";
import { useHydrated } from "@/components/ui/useHydrated";
import type { Strings } from "@/lib/content/strings-schema";
import type { QuoteFormValues } from "@/lib/quote/form";
import { DamageList } from "./DamageList";
import { QuoteFailure } from "./QuoteFailure";
import { QuoteFields } from "./QuoteFields";
import { QuoteProgress } from "./QuoteProgress";
import { SubmitRow } from "./SubmitRow";
import { useDamages } from "./useDamages";
import { useQuoteFocus } from "./useQuoteFocus";
import { useQuoteForm } from "./useQuoteForm";
import { useQuoteSend } from "./useQuoteSend";
import styles from "./QuoteForm.module.css";

export interface QuoteFormProps {
  strings: Strings["quoteForm"];
  /** the e-mail and phone messages shared with the booking form */
  fieldErrors: Strings["fieldErrors"];
  /** the draft notice and the offline notice */
  drafts: Strings["drafts"];
  contact: { phone: string; email: string };
  userId: string;
  /** id of the heading that names the form (`Få et pristilbud`) */
  labelledBy: string;
  /** level of the form's own headings (`Skadene`); each damage is one deeper */
  headingLevel: 2 | 3;
  thanksHref: string;
}

/**
 * The quote form's working parts wired together: the ids, react-hook-form with
 * the form's messages, the send, the damages and where focus goes. `submit`
 * checks the form and sends it, or moves focus to the first problem.
 */
function useQuoteFormState({ strings, fieldErrors, userId, thanksHref }: QuoteFormProps) {
  const id = useId();
  const fieldId = useCallback((name: string) => `${id}-${name}`, [id]);
  const pickerId = useCallback((key: string) => `${id}-picker-${key}`, [id]);
  const messages = useMemo(() => ({ ...fieldErrors, ...strings.errors }), [fieldErrors, strings.errors]);
  const { form, problem } = useQuoteForm(messages);
  const quote = useQuoteSend({ form, userId, thanksHref });
  const damages = useDamages(form, { labels: strings.labels, pickerId, ...quote.imageHooks });
  const alertRef = useRef<HTMLDivElement>(null);
  const progressHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusProblem = useQuoteFocus({
    phase: quote.submission.phase,
    fieldId,
    pickerId,
    damages,
    alertRef,
    progressHeadingRef,
  });

  const onValid = async (values: QuoteFormValues) => {
    const failure = await quote.send(values);
    const failedDamage = failure?.reason === "upload" ? damages.fields[failure.damageIndex] : undefined;
    if (failedDamage) damages.setExpanded(failedDamage.id, true);
  };
  const submit = form.handleSubmit(onValid, () => problem.current && focusProblem(problem.current));
  useEffect(() => quote.setResend(() => void submit()));
  return { form, quote, damages, fieldId, pickerId, submit, alertRef, progressHeadingRef };
}

export function QuoteForm(props: QuoteFormProps) {
  const { strings, drafts, contact, labelledBy, headingLevel } = props;
  const { form, quote, damages, fieldId, pickerId, submit, alertRef, progressHeadingRef } = useQuoteFormState(props);
  const ready = useHydrated();
  const { submission, draft, previewUrl, preparing } = quote;
  const { phase } = submission;
  const failure = phase.name === "failed" ? phase.failure : undefined;
  const { errors } = form.formState;

  return (
    <div className={styles.root}>
      {phase.name === "sending" && (
        <QuoteProgress
          strings={strings.progress}
          items={submission.items}
          progress={submission.progress}
          sendingInquiry={submission.sendingInquiry}
          headingRef={progressHeadingRef}
          headingLevel={headingLevel}
        />
      )}
      <form
        className={styles.form}
        noValidate
        aria-labelledby={labelledBy}
        onSubmit={(event) => void submit(event)}
        hidden={phase.name === "sending"}
      >
        {phase.name === "offline" && <OfflineNotice text={drafts.offline} />}
        {draft.restored && phase.name !== "offline" && <DraftNotice strings={drafts} onStartOver={quote.startOver} />}
        {failure && (
          <QuoteFailure
            failure={failure}
            strings={strings.failure}
            contact={contact}
            onRetry={() => void submit()}
            alertRef={alertRef}
          />
        )}
        <QuoteFields form={form} errors={errors} labels={strings.labels} fieldId={fieldId} />
        <DamageList
          damages={damages}
          errors={errors.damages}
          labels={strings.labels}
          headingLevel={headingLevel}
          previewUrl={previewUrl}
          preparing={{ states: preparing, labels: strings.progress }}
          pickerId={pickerId}
          ready={ready}
          errorId={fieldId("damages-error")}
          failed={{ key: failure?.reason === "upload" ? failure.image.key : undefined, label: strings.progress.failed }}
        />
        <SubmitRow labels={strings.labels} disabled={!ready || phase.name === "sending"} />
      </form>
    </div>
  );
}
