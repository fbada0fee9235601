"use client";

import { useEffect, useRef } from "react";
import { Template } from "@/components/quote/Template";
import { Icon } from "@/components/ui/Icon";
import { mailtoHref, telHref } from "@/lib/format";
import type { CaseStrings, Contact } from "./types";
import quoteStyles from "@/components/quote/QuoteForm.module.css";

interface Props {
  strings: CaseStrings;
  /** what did not happen, in the visitor's words */
  text: string;
  contact: Contact;
  onRetry: () => void;
  /** while the retry runs */
  busy?: boolean;
}

/** Nothing reached the workshop: what was not done, the other ways to reach it, and `Prøv igjen`. Takes the keyboard as it appears. */
export function CaseFailure({ strings, text, contact, onRetry, busy = false }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className={quoteStyles.failure} role="alert" ref={box} tabIndex={-1}>
      <p className={quoteStyles.failureHeading}>
        <Icon name="alert" size={22} />
        {strings.page.failure.heading}
      </p>
      <p>{text}</p>
      <p>
        <Template
          text={strings.failure.contact}
          values={{
            phone: <a href={telHref(contact.phone)}>{contact.phone}</a>,
            email: <a href={mailtoHref(contact.email)}>{contact.email}</a>,
          }}
        />
      </p>
      <button type="button" className={quoteStyles.retry} onClick={onRetry} disabled={busy}>
        {strings.failure.retry}
      </button>
    </div>
  );
}
