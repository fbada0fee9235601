/**
 * The one way the plugin sends an e-mail: through Payload's e-mail adapter,
 * from a job, never from a request. Each outcome is recorded on the record
 * the e-mail is about, so one that went is never sent again; one that failed
 * is logged. With it, the absolute urls the e-mails link to on the admin host
 * (the app's serverURL).
 */
import type { Payload } from "payload";
import { formatAdminURL } from "payload/shared";
import type { Media } from "../types";
import type { Mail } from "./message";

/** What became of one e-mail. */
export type Sent = "sent" | "failed";

export interface Delivery {
  /** what the log names the e-mail by */
  what: string;
  /** the log's fields naming the record it is about */
  about?: Record<string, unknown>;
  /** stores the outcome on that record */
  record: (outcome: Sent) => Promise<unknown>;
}

/** Sends `mail` and records its outcome; a failure is logged and returned as `failed`, never thrown. */
export async function send(payload: Payload, mail: Mail, { what, about, record }: Delivery): Promise<Sent> {
  let outcome: Sent = "sent";
  try {
    await payload.sendEmail(mail);
  } catch (err) {
    payload.logger.error({ err, ...about, msg: `${what} could not be sent` });
    outcome = "failed";
  }
  await record(outcome);
  return outcome;
}

/** `path` resolved against the admin host. */
const absolute = (payload: Payload, path: string) => new URL(path, payload.config.serverURL).href;

/** The admin's page of the record `id` in `collection`, absolute. */
export const adminUrl = (payload: Payload, collection: string, id: number | string) =>
  absolute(
    payload,
    formatAdminURL({
      adminRoute: payload.config.routes.admin,
      path: `/collections/${collection}/${id}`,
      serverURL: "",
    }),
  );

/** A stored photo's absolute url; undefined when only its id is at hand (it is gone) or it has no url. */
export const photoUrl = (payload: Payload, photo: number | Media | null | undefined) =>
  photo && typeof photo === "object" && photo.url ? absolute(payload, photo.url) : undefined;
