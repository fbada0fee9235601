"use client";

import type { RefObject } from "react";
import { Icon } from "@/components/ui/Icon";
import type { Strings } from "@/lib/content/strings-schema";
import { fill, telHref } from "@/lib/format";
import { Template } from "./Template";
import type { QuoteFailure as Failure } from "./useQuote";
import styles from "./QuoteForm.module.css";

interface Props {
  failure: Failure;
  strings: Strings["quoteForm"]["failure"];
  contact: { phone: string; email: string };
  onRetry: () => void;
  alertRef: RefObject<HTMLDivElement | null>;
}

/** Why the quote was not sent (the image that failed, or the inquiry), the workshop's phone and e-mail, and `Prøv igjen`. */
export function QuoteFailure({ failure, strings, contact, onRetry, alertRef }: Props) {
  return (
    <div className={styles.failure} role="alert" ref={alertRef} tabIndex={-1}>
      <p className={styles.failureHeading}>
        <Icon name="alert" size={22} />
        {strings.heading}
      </p>
      <p>
        {failure.reason === "upload"
          ? fill(strings.upload, { name: failure.image.name, n: failure.damageIndex + 1 })
          : strings.inquiry}
      </p>
      <p>
        <Template
          text={strings.contact}
          values={{
            phone: <a href={telHref(contact.phone)}>{contact.phone}</a>,
            email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
          }}
        />
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {strings.retry}
      </button>
    </div>
  );
}
