/**
 * What the plugin records about a case, shown on its page as text, never as
 * inputs: when it was closed and when it is deleted, and whether its e-mails
 * went. Payload renders each field with its `admin.components.Field`.
 */
import type { ServerComponentProps } from "payload";
import { CLOSED_CASE_KEPT_MS, EMAIL_STATES } from "../../cases";
import { INQUIRY_SLUG } from "../../names";
import styles from "./Sent.module.css";
import { receivedAt } from "../shared/when";

type Props = Pick<ServerComponentProps, "value" | "collectionSlug">;

/** `29. desember 2026`, Oslo's day. */
const day = (time: number) =>
  new Intl.DateTimeFormat("nb-NO", { dateStyle: "long", timeZone: "Europe/Oslo" }).format(new Date(time));

export function ClosedAt({ value, collectionSlug }: Props) {
  const closedAt = typeof value === "string" ? value : undefined;
  const what = collectionSlug === INQUIRY_SLUG ? "Saken og bildene" : "Saken";
  const days = Math.round(CLOSED_CASE_KEPT_MS / (24 * 60 * 60 * 1000));
  return (
    <div className={styles.field}>
      {closedAt ? (
        <p>
          Avsluttet {receivedAt(closedAt)}. {what} slettes {day(Date.parse(closedAt) + CLOSED_CASE_KEPT_MS)}.
        </p>
      ) : (
        <p className={styles.quiet}>
          {what} slettes {days} dager etter at saken er avsluttet.
        </p>
      )}
    </div>
  );
}

const stateLabel = (state: unknown) => EMAIL_STATES.find((option) => option.value === state)?.label ?? "Ukjent";

export function EmailStates({ value }: Props) {
  const emails = (value ?? {}) as { workshop?: string | null; receipt?: string | null };
  return (
    <div className={styles.field}>
      <h2 className={styles.heading}>E-post</h2>
      <dl className={styles.states}>
        <dt>Til verkstedet</dt>
        <dd>{stateLabel(emails.workshop)}</dd>
        <dt>Til kunden</dt>
        <dd>{stateLabel(emails.receipt)}</dd>
      </dl>
    </div>
  );
}
