/**
 * What the plugin adds to an app's config, and what it refuses at start,
 * without starting Payload: the app's own settings stay and the site's are
 * added; a mistake in the origin, the environment or the e-mail texts stops
 * the start with a message naming it; the receipt's texts cannot name
 * anything the visitor wrote.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Config } from "payload";
import { IDEMPOTENCY_HEADER, MAX_UPLOAD_BYTES } from "../../lib/api/schemas";
import emails from "../../content/emails.json";
import { emailTextsSchema } from "../content";
import { bulkeklinikken } from "../plugin";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { smtpAdapter, smtpFromEnv, smtpTransportLine } from "../mail";

const SITE = "https://www.bulkeklinikken.test";
const workshop = { name: "Bulkeklinikken", email: "post@bulkeklinikken.test" };

const ADMIN = "https://admin.bulkeklinikken.test";
const apply = async (app: Partial<Config>, env = {}) =>
  bulkeklinikken({ siteOrigin: SITE, env })({ collections: [], serverURL: ADMIN, ...app } as Config);

test("the app's CORS, CSRF and upload settings stay; the site's origin, header and cap are added", async () => {
  const fresh = await apply({});
  assert.deepEqual(fresh.cors, { origins: [SITE], headers: [IDEMPOTENCY_HEADER] });
  // the site's origin is not trusted with the staff's cookie
  assert.equal(fresh.csrf, undefined);
  assert.equal(fresh.upload?.limits?.fileSize, MAX_UPLOAD_BYTES);
  assert.equal(fresh.upload?.abortOnLimit, true);
  assert.deepEqual(
    fresh.collections?.map((c) => c.slug),
    [
      "media",
      "inquiries",
      "contact",
      "case-offers",
      "case-links",
      "case-events",
      "agreements",
      "agreement-erasures",
      "booking-claims",
      "calendar-days",
    ],
  );
  assert.deepEqual(
    fresh.endpoints?.map((e) => `${e.method} ${e.path}`),
    [
      "post /inquiry",
      "post /sak",
      "post /sak/accept",
      "post /sak/decline",
      "post /sak/question",
      "post /sak/photos",
      "post /sak/move",
      "post /sak/cancel",
      "get /booking/times",
      "get /health",
    ],
  );

  const app = await apply({
    cors: { origins: ["https://admin.test"], headers: ["X-Other"] },
    csrf: ["https://admin.test"],
    upload: { limits: { fileSize: 1024, files: 2 } },
  });
  assert.deepEqual(app.cors, { origins: ["https://admin.test", SITE], headers: ["X-Other", IDEMPOTENCY_HEADER] });
  assert.deepEqual(app.csrf, ["https://admin.test"]);
  assert.deepEqual(app.upload?.limits, { fileSize: 1024, files: 2 });
  assert.deepEqual((await apply({ cors: "*" })).cors, { origins: "*", headers: [IDEMPOTENCY_HEADER] });
  assert.deepEqual((await apply({ cors: ["https://admin.test"] })).cors, {
    origins: ["https://admin.test", SITE],
    headers: [IDEMPOTENCY_HEADER],
  });
});

test("an app that already has a media, contact or inquiries collection is told, not merged into", async () => {
  await assert.rejects(apply({ collections: [{ slug: "media", fields: [] }] }), /"media"/);
  await assert.rejects(apply({ collections: [{ slug: "inquiries", fields: [] }] }), /"inquiries"/);
});

test("an app without serverURL is told to set it, and why", async () => {
  await assert.rejects(apply({ serverURL: undefined }), /serverURL.*SERVER_URL.*CSRF/s);
  await assert.rejects(apply({ serverURL: "" }), /serverURL/);
});

test("the plugin's jobs: its queue runs every few seconds beside the app's, and only staff run or queue jobs", async () => {
  const withMail = await apply(
    { jobs: { autoRun: [{ queue: "app", cron: "* * * * *" }] } },
    { SMTP_HOST: "smtp.test" },
  );
  assert.deepEqual(
    withMail.jobs?.tasks?.map((t) => t.slug),
    [
      "bulkeklinikkenCleanup",
      "bulkeklinikkenCaseEmails",
      "bulkeklinikkenLinkEmail",
      "bulkeklinikkenEventEmail",
      "bulkeklinikkenReminder",
      "bulkeklinikkenBookingChange",
    ],
  );
  // the app's crons stay as they are; the plugin's queue is run by its own runner (../queue/), started with them
  const autoRun = withMail.jobs?.autoRun as (payload: never) => Promise<{ queue?: string }[]>;
  const crons: { stop(): void }[] = [];
  assert.deepEqual(
    (await autoRun({ crons } as never)).map((a) => a.queue),
    ["app"],
  );
  assert.equal(crons.length, 1, "the plugin's runner stops with Payload's crons");
  for (const cron of crons) cron.stop();
  const cleanup = withMail.jobs?.tasks?.find((t) => t.slug === "bulkeklinikkenCleanup");
  assert.deepEqual(cleanup?.schedule, [{ cron: "0 * * * *", queue: "bulkeklinikken" }]);
  const visitor = { req: { user: null, payload: { config: { admin: { user: "users" } } } } } as never;
  assert.equal(await withMail.jobs?.access?.run?.(visitor), false);
  // a new case's e-mails are queued with or without an e-mail adapter: another process on the database may send them
  for (const app of [withMail, await apply({})]) {
    const queuing = app.collections?.filter((c) => c.hooks?.afterChange?.length).map((c) => c.slug);
    assert.deepEqual(queuing, ["inquiries", "contact"]);
  }
  // without SMTP_HOST, the app's own e-mail adapter sends them
  const appsAdapter = (() => ({
    name: "the-apps-own",
    defaultFromAddress: "",
    defaultFromName: "",
    sendEmail: async () => {},
  })) as never;
  const withAppsMail = await apply({ email: appsAdapter });
  assert.equal(withAppsMail.email, appsAdapter);
  const queuingWithApps = withAppsMail.collections?.filter((c) => c.hooks?.afterChange?.length).map((c) => c.slug);
  assert.deepEqual(queuingWithApps, ["inquiries", "contact"]);
});

test("a site origin that is not an origin stops the start", () => {
  for (const siteOrigin of ["https://www.bulkeklinikken.test/", "www.bulkeklinikken.test", "ftp://x.test", []]) {
    assert.throws(() => bulkeklinikken({ siteOrigin, env: {} }), /siteOrigin/);
  }
});

test("SMTP settings come from the environment; a wrong value stops the start naming its variable", () => {
  assert.equal(smtpFromEnv({}, workshop), undefined);
  assert.deepEqual(smtpFromEnv({ SMTP_HOST: "smtp.test", SMTP_USER: "u", SMTP_PASS: "p" }, workshop), {
    host: "smtp.test",
    port: 587,
    secure: false,
    requireTLS: true,
    auth: { user: "u", pass: "p" },
    from: { name: workshop.name, address: workshop.email },
  });
  const secure = smtpFromEnv({ SMTP_HOST: "smtp.test", SMTP_SECURE: "true", EMAIL_FROM: "ut@verksted.test" }, workshop);
  assert.deepEqual(
    [secure?.port, secure?.secure, secure?.auth, secure?.from.address],
    [465, true, undefined, "ut@verksted.test"],
  );
  assert.equal(secure?.requireTLS, false, "TLS from the first byte");
  assert.equal(smtpFromEnv({ SMTP_HOST: "127.0.0.1" }, workshop)?.requireTLS, false, "this machine");
  const wrong: [Record<string, string>, RegExp][] = [
    [{ SMTP_PORT: "smtp" }, /SMTP_PORT/],
    [{ SMTP_PORT: "70000" }, /SMTP_PORT/],
    [{ SMTP_SECURE: "ja" }, /SMTP_SECURE/],
    [{ SMTP_PASS: "p" }, /SMTP_USER/],
    [{ EMAIL_FROM: "ikke en adresse" }, /EMAIL_FROM/],
  ];
  for (const [env, variable] of wrong)
    assert.throws(() => smtpFromEnv({ SMTP_HOST: "smtp.test", ...env }, workshop), variable);
  assert.throws(() => bulkeklinikken({ siteOrigin: SITE, env: { WORKSHOP_EMAIL: "nei" } }), /WORKSHOP_EMAIL/);
});

test("a server that is not this machine and offers no STARTTLS gets no e-mail, and the start-up says why", async () => {
  let received = 0;
  const plain = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, _session, done) {
      received++;
      stream.resume();
      stream.on("end", () => done());
    },
  });
  // another address of this machine, which the rule counts as any other server's
  const host = "127.0.0.2";
  const smtpPort = await new Promise<number>((resolve) =>
    plain.listen(0, host, () => resolve((plain.server.address() as AddressInfo).port)),
  );
  try {
    const smtp = smtpFromEnv({ SMTP_HOST: host, SMTP_PORT: String(smtpPort) }, workshop)!;
    assert.match(smtpTransportLine(smtp), /over STARTTLS only: a server that does not offer it gets no e-mail/);
    const adapter = (await smtpAdapter(smtp))({ payload: { logger: console } as never });
    await assert.rejects(
      adapter.sendEmail({ to: "kunde@eksempel.no", subject: "Pristilbud", text: "Lenke" }),
      /STARTTLS|TLS/,
    );
    assert.equal(received, 0);
  } finally {
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  }
});

test("content/emails.json is valid, and the receipts can name nothing of the visitor's", () => {
  assert.ok(emailTextsSchema.safeParse(emails).success);
  const withCase = (kind: "booking" | "quote", part: Record<string, unknown>) => ({
    ...emails,
    [kind]: { ...emails[kind], ...part },
  });
  for (const kind of ["booking", "quote"] as const) {
    for (const placeholder of ["{customerEmail}", "{customerPhone}", "{message}", "{regNumber}"]) {
      const receipt = { ...emails[kind].receipt, paragraphs: [`Du skrev: ${placeholder}`] };
      assert.equal(emailTextsSchema.safeParse(withCase(kind, { receipt })).success, false, `${kind} ${placeholder}`);
    }
    const workshop = { ...emails[kind].workshop, subject: "Ny sak fra {customerEmail} ({customerPhone})" };
    assert.ok(emailTextsSchema.safeParse(withCase(kind, { workshop })).success);
    const empty = { ...emails[kind].receipt, subject: "" };
    assert.equal(emailTextsSchema.safeParse(withCase(kind, { receipt: empty })).success, false);
  }
  // a quote's e-mail to the workshop may name the registration number; a booking has none
  const quoteSubject = { ...emails.quote.workshop, subject: "Pristilbud {regNumber}" };
  assert.ok(emailTextsSchema.safeParse(withCase("quote", { workshop: quoteSubject })).success);
  const bookingSubject = { ...emails.booking.workshop, subject: "Bestilling {regNumber}" };
  assert.equal(emailTextsSchema.safeParse(withCase("booking", { workshop: bookingSubject })).success, false);
});
