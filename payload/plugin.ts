/**
 * `bulkeklinikken({ siteOrigin })`: the Payload plugin that makes a Payload 3
 * app the site's admin and API host. It adds what the site calls and what the
 * workshop works in, and nothing else: its collections, endpoints, jobs and
 * settings are listed, complete, in docs/admin-host.md.
 *
 * The app must set `serverURL`, its public origin: the e-mails link to the
 * admin with it, and Payload's CSRF check takes the admin's own origin from
 * it. The content files, the environment and the origins are checked when
 * the plugin is made: a mistake stops the start with a message naming it.
 */
import type { CORSConfig, Config, Plugin } from "payload";
import { IDEMPOTENCY_HEADER, MAX_UPLOAD_BYTES } from "../lib/api/schemas";
import { isStaffRequest } from "./access";
import { contactCollection } from "./collections/Contact";
import { inquiryCollection } from "./collections/Inquiries";
import { mediaCollection } from "./collections/Media";
import { loadEmailTexts, loadServices, loadSite } from "./content";
import { claimCollection } from "./booking/claim";
import { calendarDayCollection, calendarWeekGlobal } from "./booking/days";
import { caseLinkCollections } from "./case-link/collections";
import { bucketSettings, withBucket } from "./bucket";
import { cronSettings, runEndpoint, withRunEndpoint, type CronSettings } from "./cron";
import { healthEndpoint } from "./health";
import { bookingTimesEndpoint } from "./endpoints/booking-times";
import { customerEndpoints } from "./endpoints/case-link-customer";
import { inquiryEndpoint } from "./endpoints/inquiry";
import { vehicleEndpoint } from "./endpoints/vehicle";
import { pluginTasks, type Mailers } from "./jobs/tasks";
import {
  AGREEMENT_SLUG,
  CALENDAR_DAY_SLUG,
  CLAIM_SLUG,
  CONTACT_SLUG,
  ERASURE_SLUG,
  EVENT_SLUG,
  INQUIRY_SLUG,
  LINK_SLUG,
  MEDIA_SLUG,
  OFFER_SLUG,
} from "./names";
import { startQueue } from "./queue";
import { removeTemporaryPhotos } from "./photos";
import { daySettingEndpoint } from "./endpoints/timebook";
import { answerKnownErrors } from "./request-errors";
import {
  addressFrom,
  bookingChangeMailer,
  caseMailer,
  linkMailer,
  smtpAdapter,
  smtpFromEnv,
  reminderMailer,
  smtpTransportLine,
  type MailEnv,
} from "./mail";
import { withStaffRules } from "./staff";
import { vehicleRegister, vehicleSettings } from "./vehicle";
import { withWorkshopAdmin } from "./workshop-admin";

export interface BulkeklinikkenOptions {
  /** the site's origin, e.g. `https://www.bulkeklinikken.no` (or several: the live site and a preview) */
  siteOrigin: string | readonly string[];
  /** where uploaded photos are stored on disk (the media collection's `upload.staticDir`) */
  mediaDir?: string;
  /** room on the photos' disk that uploads never take (default DISK_RESERVE_BYTES, ./photos/) */
  diskReserveBytes?: number;
  /** where SMTP_*, EMAIL_FROM, WORKSHOP_EMAIL, SVV_*, S3_*, RUN_JOBS, CRON_SECRET and JOBS_INTERVAL_SECONDS are read (default: `process.env`) */
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

/**
 * The app's jobs with the plugin's tasks added, and staff only to run, queue
 * or cancel jobs. The plugin's queue is not among the app's `autoRun`: Payload
 * would take a job by a read and then a write, so two processes could both
 * take it. Where Payload starts its crons (it reads `autoRun` only then), the
 * plugin's own runner starts (./queue/) beside the app's crons.
 */
function withJobs(jobs: Config["jobs"], mailers: Mailers, mailOn: boolean, cron: CronSettings): Config["jobs"] {
  const autoRun = jobs?.autoRun;
  const staff = ({ req }: { req: Parameters<typeof isStaffRequest>[0] }) => isStaffRequest(req);
  return {
    ...jobs,
    access: { run: staff, queue: staff, cancel: staff, ...jobs?.access },
    tasks: [...(jobs?.tasks ?? []), ...pluginTasks(mailers, mailOn)],
    // a case's jobs carry its key (`concurrencyKey`), so the runner takes each case's jobs in turn
    enableConcurrencyControl: true,
    autoRun: async (payload) => {
      if (cron.runJobs) startQueue(payload, { mailOn, intervalMs: cron.intervalMs });
      return typeof autoRun === "function" ? await autoRun(payload) : (autoRun ?? []);
    },
    // RUN_JOBS=false: this process runs none of the app's queues by itself either
    ...(cron.runJobs ? {} : { shouldAutoRun: () => false }),
    // GET /api/payload-jobs/run: the plugin's runner for its queue, for staff and a bearer of CRON_SECRET (./cron.ts)
    jobsCollectionOverrides: withRunEndpoint(jobs ?? {}, runEndpoint(cron, mailOn)),
  };
}

/** The plugin's collection slugs, which the app must leave to it. */
const OUR_SLUGS: readonly string[] = [
  MEDIA_SLUG,
  CONTACT_SLUG,
  INQUIRY_SLUG,
  OFFER_SLUG,
  LINK_SLUG,
  EVENT_SLUG,
  AGREEMENT_SLUG,
  ERASURE_SLUG,
  CLAIM_SLUG,
  CALENDAR_DAY_SLUG,
];

/** Throws naming each of the plugin's slugs the app already uses. */
function refuseTakenSlugs(config: Config): void {
  const taken = (config.collections ?? []).filter((c) => OUR_SLUGS.includes(c.slug));
  if (taken.length) {
    const slugs = taken.map((c) => `"${c.slug}"`).join(" and ");
    throw new Error(`bulkeklinikken: the app already has ${slugs}; the site needs these slugs for its own collections`);
  }
}

export function bulkeklinikken(options: BulkeklinikkenOptions): Plugin {
  const origins = siteOrigins(options.siteOrigin);
  const env = options.env ?? process.env;
  const site = loadSite();
  const smtp = smtpFromEnv(env, site);
  const workshopEmail = addressFrom(env, "WORKSHOP_EMAIL", site.email);
  const texts = loadEmailTexts();
  const services = loadServices();
  // the customer's links point to the first of the site's origins: the live site
  const siteOrigin = origins[0]!;
  const mailer = caseMailer({ site, texts, services, workshopEmail, siteOrigin });
  const links = linkMailer({ site, texts: texts.caseLink, workshopEmail, siteOrigin });
  const reminders = reminderMailer({ site, texts: texts.booking, services });
  const changes = bookingChangeMailer({ site, texts: texts.booking, services, workshopEmail });
  const cron = cronSettings(env);
  const bucket = bucketSettings(env);
  const vehicles = vehicleSettings(env);
  const register = vehicles && vehicleRegister(vehicles);

  return (config) => {
    refuseTakenSlugs(config);
    if (!config.serverURL) {
      throw new Error(
        "bulkeklinikken: the app's serverURL is not set. Set it to the admin's public origin " +
          "(serverURL: process.env.SERVER_URL, e.g. https://admin.example.no): the e-mails link to the admin " +
          "with it, and Payload's CSRF check takes the admin's own origin from it.",
      );
    }
    const email = smtp ? smtpAdapter(smtp) : config.email;
    const media = mediaCollection({
      staticDir: options.mediaDir,
      diskReserveBytes: options.diskReserveBytes,
      inBucket: Boolean(bucket),
    });
    const mailOn = Boolean(email);
    const withPlugin: Config = {
      ...config,
      admin: withWorkshopAdmin(config.admin, site.name),
      collections: [
        ...withStaffRules(config),
        media,
        inquiryCollection(mailOn),
        contactCollection(mailOn, { site, services, texts: texts.booking }),
        ...caseLinkCollections,
        claimCollection,
        // the Timebok's POST /api/calendar-days/set (./endpoints/timebook.ts)
        { ...calendarDayCollection, endpoints: [daySettingEndpoint] },
      ],
      globals: [...(config.globals ?? []), calendarWeekGlobal],
      endpoints: [
        ...(config.endpoints ?? []),
        inquiryEndpoint(register),
        ...customerEndpoints({ site, services, texts: texts.caseLink }),
        ...(register ? [vehicleEndpoint(register)] : []),
        bookingTimesEndpoint(site, services),
        healthEndpoint(),
      ],
      cors: withSiteCors(config.cors, origins),
      upload: withUploadCap(config.upload),
      // first, so the app's own hooks see the 400
      hooks: { ...config.hooks, afterError: [answerKnownErrors, ...(config.hooks?.afterError ?? [])] },
      email,
      jobs: withJobs(config.jobs, { cases: mailer, links, reminders, changes }, mailOn, cron),
      onInit: async (payload) => {
        await config.onInit?.(payload);
        const left = bucket ? 0 : await removeTemporaryPhotos((media.upload as { staticDir: string }).staticDir);
        if (left) payload.logger.info(`Removed ${left} half-written photos a crash left behind`);
        if (smtp) payload.logger.info(smtpTransportLine(smtp));
        if (!mailOn) {
          payload.logger.warn(
            "Case e-mails are off: neither SMTP_HOST nor an e-mail adapter of the app is set, so no e-mail is sent",
          );
        }
      },
    };
    // with S3_BUCKET, the photos' files go to the bucket through @payloadcms/storage-s3 (./bucket.ts)
    return bucket ? withBucket(withPlugin, bucket) : withPlugin;
  };
}
