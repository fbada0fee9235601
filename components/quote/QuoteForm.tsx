"use client";

/**
 * The price-quote form, on `/` and on `/pristilbud`. Its state and actions are
 * one hook, useQuote (the text fields, the photos, the draft, the send); the
 * parts here only render them. While sending, the form is hidden (not
 * unmounted) behind a progress view, so a failure brings it back exactly as
 * it was, with an alert and `Prøv igjen`.
 */
import Link from "next/link";
import { DraftNotice, DraftOffer, OfflineNotice } from "@/components/drafts/DraftNotice";
import { SendFailure } from "@/components/ui/SendFailure";
import { useHydrated } from "@/components/ui/useHydrated";
import type { Strings } from "@/lib/content/strings-schema";
import { fill } from "@/lib/format";
import { PRIVACY_PATH } from "@/lib/routes";
import { DamageList } from "./DamageList";
import { QuoteFields } from "./QuoteFields";
import { QuoteProgress } from "./QuoteProgress";
import { useQuote, type QuoteFailure, type QuoteOptions } from "./useQuote";
import styles from "./QuoteForm.module.css";

export interface QuoteFormProps extends QuoteOptions {
  /** the draft notices and the offline notice */
  drafts: Strings["drafts"];
  contact: { phone: string; email: string };
  /** id of the heading that names the form (`Få et pristilbud`) */
  labelledBy: string;
  /** level of the form's own headings (`Skadene`); each damage is one deeper */
  headingLevel: 2 | 3;
}

/** Why the quote was not sent: the image that failed, or the inquiry. */
function failureText(failure: QuoteFailure, strings: Strings["quoteForm"]["failure"]): string {
  return failure.reason === "upload"
    ? fill(strings.upload, { name: failure.image.name, n: failure.damageIndex + 1 })
    : strings.inquiry;
}

export function QuoteForm(props: QuoteFormProps) {
  const { strings, drafts, contact, labelledBy, headingLevel } = props;
  const { form, view, actions, refs } = useQuote(props);
  const ready = useHydrated();
  const { phase, draft } = view;

  return (
    <div className={styles.root}>
      {phase.name === "sending" && (
        <QuoteProgress
          strings={strings.progress}
          damages={view.sending}
          sendingInquiry={phase.inquiry}
          headingRef={refs.progressHeadingRef}
          headingLevel={headingLevel}
        />
      )}
      <form
        className={styles.form}
        noValidate
        aria-labelledby={labelledBy}
        onSubmit={(event) => {
          event.preventDefault();
          void actions.send();
        }}
        hidden={phase.name === "sending"}
      >
        {phase.name === "offline" && <OfflineNotice text={drafts.offline} noticeRef={refs.offlineRef} />}
        <DraftOffer draft={draft} text={drafts.offerQuote} strings={drafts} onAnswered={actions.focusFirst} />
        {draft.restored && phase.name !== "offline" && <DraftNotice strings={drafts} onStartOver={actions.startOver} />}
        {phase.name === "failed" && (
          <SendFailure
            texts={strings.failure}
            text={failureText(phase.failure, strings.failure)}
            contact={contact}
            onRetry={() => void actions.send()}
            boxRef={refs.alertRef}
          />
        )}
        <QuoteFields
          register={actions.register}
          problem={view.problem}
          control={form.control}
          labels={strings.labels}
          vehicleStrings={strings.vehicle}
          vehicle={props.deps?.vehicle}
        />
        <DamageList
          {...{ strings, headingLevel, ready, actions }}
          damages={view.damages}
          problem={view.problem}
          failedKey={phase.name === "failed" && phase.failure.reason === "upload" ? phase.failure.image.key : undefined}
          expanded={view.expanded}
          addButtonRef={refs.addButtonRef}
          registerPicker={refs.picker}
        />
        <div className={styles.submitRow}>
          <button type="submit" className={styles.submit} disabled={!ready || phase.name === "sending"}>
            {strings.labels.submit}
          </button>
          <p className={styles.privacy}>
            {strings.labels.privacy} <Link href={PRIVACY_PATH}>{strings.labels.privacyLink}</Link>.
          </p>
        </div>
      </form>
    </div>
  );
}
