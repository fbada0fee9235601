/**
 * `bulkeklinikken({ siteOrigin })`: the Payload plugin that makes an existing
 * Payload 3 app the site's admin host. It adds what the site calls and
 * nothing it does not:
 *
 *   - the `media` and `contact` collections (./collections/), each open to
 *     visitors for exactly what the site does;
 *   - CORS for the site's origin with the Idempotency-Key header allowed,
 *     and the site's origin for CSRF, next to whatever the app allows;
 *   - the site's upload cap (MAX_UPLOAD_BYTES) for every upload of the app,
 *     answered with 413, unless the app's own cap is lower;
 *   - sharp, when the app passes none: without it Payload stores photos with
 *     their metadata;
 *   - the booking e-mails (./email.ts) through an SMTP e-mail adapter set up
 *     from the environment (./smtp.ts), which then is the app's e-mail
 *     adapter. Without SMTP_HOST no e-mail is sent and the log says so once,
 *     when Payload starts.
 *
 * The content files, the environment and the origins are checked when the
 * plugin is made: a mistake stops the start with a message naming it.
 */
import sharp from "sharp";
import type { CORSConfig, Config, Plugin } from "payload";
import { IDEMPOTENCY_HEADER, MAX_UPLOAD_BYTES } from "../lib/api/schemas";
import { CONTACT_SLUG, contactCollection } from "./collections/Contact";
import { MEDIA_SLUG, mediaCollection } from "./collections/Media";
import { loadEmailTexts, loadSite } from "./content";
import { bookingMailer } from "./email";
import { addressFrom, smtpAdapter, smtpFromEnv, type MailEnv } from "./smtp";

export interface BulkeklinikkenOptions {
  /** the site's origin, e.g. `https://www.bulkeklinikken.no` (or several: the live site and a preview) */
  siteOrigin: string | readonly string[];
  /** where uploaded photos are stored on disk (the media collection's `upload.staticDir`) */
  mediaDir?: string;
  /** where SMTP_*, EMAIL_FROM and WORKSHOP_EMAIL are read (default: `process.env`) */
  env?: MailEnv;
}

/** The said origins, each exactly an http(s) origin (`https://host[:port]`, no path or slash). */
function siteOrigins(siteOrigin: BulkeklinikkenOptions["siteOrigin"]): string[] {
  const origins = typeof siteOrigin === "string" ? [siteOrigin] : [...siteOrigin];
  if (origins.length === 0) throw new Error("bulkeklinikken: siteOrigin names no origin");
  for (const origin of origins) {
    const parsed = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new Error(`bulkeklinikken: siteOrigin "${origin}" is not an origin such as https://www.example.no`);
    }
  }
  return origins;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/** The app's CORS setting with the site's origins and the idempotency header added. */
function withSiteCors(cors: Config["cors"], origins: string[]): CORSConfig {
  const headers = [IDEMPOTENCY_HEADER];
  if (cors === undefined) return { origins, headers };
  if (cors === "*") return { origins: "*", headers };
  if (Array.isArray(cors)) return { origins: union(cors, origins), headers };
  return {
    origins: cors.origins === "*" ? "*" : union(cors.origins, origins),
    headers: union(cors.headers ?? [], headers),
  };
}

/** The app's upload settings, capped at the site's limit (a lower cap of the app's stays) and answering 413. */
function withUploadCap(upload: Config["upload"]): Config["upload"] {
  const fileSize = Math.min(upload?.limits?.fileSize ?? Infinity, MAX_UPLOAD_BYTES);
  return { ...upload, abortOnLimit: true, limits: { ...upload?.limits, fileSize } };
}

export function bulkeklinikken(options: BulkeklinikkenOptions): Plugin {
  const origins = siteOrigins(options.siteOrigin);
  const env = options.env ?? process.env;
  const site = loadSite();
  const smtp = smtpFromEnv(env, site);
  const workshopEmail = addressFrom(env, "WORKSHOP_EMAIL", site.email);
  const texts = loadEmailTexts();
  const mailer = smtp ? bookingMailer({ collection: CONTACT_SLUG, site, texts, workshopEmail }) : undefined;

  return (config) => {
    const taken = (config.collections ?? []).filter((c) => c.slug === MEDIA_SLUG || c.slug === CONTACT_SLUG);
    if (taken.length) {
      const slugs = taken.map((c) => `"${c.slug}"`).join(" and ");
      throw new Error(
        `bulkeklinikken: the app already has ${slugs}; the site needs these slugs for its own collections`,
      );
    }
    return {
      ...config,
      collections: [
        ...(config.collections ?? []),
        mediaCollection({ staticDir: options.mediaDir }),
        contactCollection(mailer),
      ],
      cors: withSiteCors(config.cors, origins),
      csrf: union(config.csrf ?? [], origins),
      upload: withUploadCap(config.upload),
      sharp: config.sharp ?? sharp,
      email: smtp ? smtpAdapter(smtp) : config.email,
      onInit: async (payload) => {
        await config.onInit?.(payload);
        if (!smtp)
          payload.logger.warn("Booking e-mails are off: SMTP_HOST is not set, so no e-mail is sent for bookings");
      },
    };
  };
}
