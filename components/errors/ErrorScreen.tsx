import type { ReactNode } from "react";
import type { Strings } from "@/lib/content/strings-schema";
import styles from "./ErrorScreen.module.css";

/** What the failure screen for an error in the browser (AppError) says; the root layout passes only these. */
export const ERROR_TEXT_KEYS = ["heading", "errorText", "chunkText", "reload", "homeLink"] as const;
export type ErrorTexts = Pick<Strings["errorPage"], (typeof ERROR_TEXT_KEYS)[number]>;

/**
 * The failure screen, worded as the workshop's original site worded it: "Unexpected Application Error!", then the status
 * and status text (404 Not Found) or the error's message, and a way on.
 * No hooks and no server-only imports, so the error boundaries can use it.
 */
export function ErrorScreen({
  heading,
  status,
  text,
  actions,
}: {
  heading: string;
  status: string;
  text: string;
  actions: ReactNode;
}) {
  return (
    <div className={`container ${styles.screen}`}>
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.status}>{status}</p>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>{actions}</div>
    </div>
  );
}
