"use client";

import { useEffect, useRef, type RefObject } from "react";
import { mailtoHref, telHref } from "@/lib/format";
import { Icon } from "./Icon";
import { Template } from "./Template";
import styles from "./Field.module.css";

/** The box's own words; `contact` holds `{phone}` and `{email}`. */
export interface SendFailureTexts {
  heading: string;
  contact: string;
  retry: string;
}

interface Props {
  texts: SendFailureTexts;
  /** what did not happen, in the visitor's words */
  text: string;
  contact: { phone: string; email: string };
  onRetry: () => void;
  /** while the retry runs: `Prøv igjen` is disabled */
  busy?: boolean;
  /** where the form finds the box to bring it into view; without it, the box takes the keyboard as it appears */
  boxRef?: RefObject<HTMLDivElement | null>;
}

/**
 * Nothing reached the workshop: what was not done, the workshop's phone and
 * e-mail, and `Prøv igjen`. One box for every send on the site (the quote
 * form, the case page).
 */
export function SendFailure({ texts, text, contact, onRetry, busy = false, boxRef }: Props) {
  const own = useRef<HTMLDivElement>(null);
  const takesFocus = boxRef === undefined;
  useEffect(() => {
    if (takesFocus) own.current?.focus();
  }, [takesFocus]);
  return (
    <div className={styles.failure} role="alert" ref={boxRef ?? own} tabIndex={-1}>
      <p className={styles.failureHeading}>
        <Icon name="alert" size={22} />
        {texts.heading}
      </p>
      <p>{text}</p>
      <p>
        <Template
          text={texts.contact}
          values={{
            phone: <a href={telHref(contact.phone)}>{contact.phone}</a>,
            email: <a href={mailtoHref(contact.email)}>{contact.email}</a>,
          }}
        />
      </p>
      <button type="button" className={`${styles.pill} ${styles.failureRetry}`} onClick={onRetry} disabled={busy}>
        {texts.retry}
      </button>
    </div>
  );
}
