/**
 * The customer's link on a real Payload, over HTTP, on SQLite and on a real
 * PostgreSQL, with a local SMTP server: the workshop asks for photos or sends
 * an offer, the customer gets an e-mail with `<site>/sak#k=<token>` (only the
 * token's SHA-256 stored anywhere), and answers through /api/sak: photos added
 * to the same case, an offer accepted once however often it is pressed, with
 * an agreement that outlives the case, and a link that ends when it should.
 */
import assert from "node:assert/strict";
import { createHash, randomBytes, randomInt } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { _internal_jobSystemGlobals } from "payload";
import type { InquiryRequest } from "../../lib/api/schemas";
import type { CaseView } from "../../lib/api/case-link";
import { CASE_LINK_CALLS_PER_MINUTE } from "../endpoints/case-link-customer";
import { EVENT_KINDS } from "../case-link/collections";
import { CLOSED_CASE_KEPT_MS, FORGOTTEN_CASE_MS, FORGOTTEN_CASE_TEXT } from "../cases";
import { deleteExpired } from "../jobs/cleanup";
import { closeForgottenCases } from "../operations/close-forgotten";
import {
  SITE_ORIGIN,
  startAdminHost,
  uploadPhoto,
  moveJobClock,
  waitFor,
  type AdminHost,
  type HostOptions,
} from "./harness";
import { startMailbox, type Mailbox } from "./mailbox";
import { onBothDatabases, testsOn } from "./databases";

const WORKSHOP = "verksted@bulkeklinikken.test";
const DAY = 24 * 60 * 60 * 1000;

let box: Mailbox;
let host: AdminHost;
const env = () => ({
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(box.port),
  SMTP_SECURE: "false",
  EMAIL_FROM: "nettside@bulkeklinikken.test",
  WORKSHOP_EMAIL: WORKSHOP,
});

const photo = () => uploadPhoto(host);

/** A quote from `email` as the site sends it; returns its id. */
async function quote(email: string): Promise<number> {
  const body = {
    Inquiry: {
      UserId: "nettside",
      RegNumber: "EL12345",
      PhoneNumber: "+47 912 34 567",
      Email: email,
      Message: "Bulk i døra",
      State: "NEW",
    },
    damageRequests: [{ Images: [await photo()] }],
  } satisfies InquiryRequest;
  const answer = await fetch(`${host.origin}/api/inquiry`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
    body: JSON.stringify(body),
  });
  assert.equal(answer.status, 201, await answer.text());
  // the quote's own e-mails are gone before the test counts the link's
  const stored = await waitFor(`${email}'s quote e-mails`, async () => {
    const { docs } = await host.payload.find({
      collection: "inquiries",
      where: { email: { equals: email } },
      depth: 0,
      overrideAccess: true,
    });
    const emails = docs[0]?.emails;
    return emails?.workshop === "sent" && emails.receipt === "sent" && docs[0];
  });
  return stored.id as number;
}

const staffCall = (
  id: number,
  what: "request-photos" | "send-offer",
  body: unknown,
  headers: HeadersInit = host.staff,
) =>
  fetch(`${host.origin}/api/inquiries/${id}/${what}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** An address of its own for each call, so that only the test of the limit meets CASE_LINK_CALLS_PER_MINUTE. */
const anyAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

const customer = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${host.origin}/api/sak${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN, "X-Forwarded-For": anyAddress(), ...headers },
    body: JSON.stringify(body),
  });

/** The day `days` from now on Oslo's calendar, and a moment `days` from now at 08:00 Oslo time (winter: 07:00Z). */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const momentFromNow = (days: number) => `${dayFromNow(days)}T07:00:00.000Z`;

const offerBody = (overrides: Record<string, unknown> = {}) => ({
  priceType: "fixed",
  lines: [
    { description: "Fjerne bulk i venstre fordør uten lakk", amountNok: 3500 },
    { description: "Polering av døra", amountNok: 1250 },
  ],
  validUntil: dayFromNow(14),
  dropOffTimes: [momentFromNow(3), momentFromNow(20)],
  note: "Ta med nøkkelen til tanklokket.",
  ...overrides,
});

/** The token in the newest e-mail to `email` whose subject has `subject`, once it has come. */
async function tokenMailed(email: string, subject: RegExp, count = 1): Promise<string> {
  const mails = await waitFor(`${count} e-mail(s) "${subject}" to ${email}`, () => {
    const found = box.to(email).filter((mail) => subject.test(mail.subject ?? ""));
    return found.length >= count && found;
  });
  const text = mails.at(-1)!.text ?? "";
  const match = new RegExp(`${SITE_ORIGIN}/sak#k=([A-Za-z0-9_-]{43})`).exec(text);
  assert.ok(match, `a link in: ${text}`);
  return match[1]!;
}

const status = async (id: number) =>
  (await host.payload.findByID({ collection: "inquiries", id, depth: 0, overrideAccess: true })).status;

/** How many agreements the case `id` left. */
const agreementsOf = async (id: number) =>
  (
    await host.payload.count({
      collection: "agreements",
      where: { caseNumber: { equals: String(id) } },
      overrideAccess: true,
    })
  ).totalDocs;

/** A mail scanner opens the link, twice, and tries a GET: the case is as it was and nothing is sent. */
async function scannerOpens(token: string, id: number) {
  const mailsBefore = box.mails.length;
  for (let i = 0; i < 2; i++) {
    const view = await customer("", { token });
    assert.equal(view.status, 200);
    const shown = (await view.json()) as CaseView;
    assert.equal(shown.offer?.state, "open");
    assert.equal(shown.offer?.totalNok, 4750);
    assert.equal(shown.offer?.version, 1);
    assert.equal(shown.offer?.note, "Ta med nøkkelen til tanklokket.");
  }
  const wrongGet = await fetch(`${host.origin}/api/sak?k=${token}`);
  assert.ok(wrongGet.status >= 400, "a GET does nothing");
  assert.equal(await status(id), "ANSWERED");
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(box.mails.length, mailsBefore);
}

const TESTS: Record<string, () => Promise<void>> = {
  "the workshop asks for photos; the customer's photos join the same case and the workshop is told": async () => {
    const id = await quote("bilder@eksempel.no");
    const asked = await staffCall(id, "request-photos", { message: "Ta et bilde av hele støtfangeren." });
    assert.equal(asked.status, 201, await asked.text());
    const token = await tokenMailed("bilder@eksempel.no", /flere bilder av EL12345/);
    const mail = box.to("bilder@eksempel.no").at(-1)!;
    assert.match(mail.text ?? "", /Ta et bilde av hele støtfangeren\./);

    // only the token's hash is stored: not in the link, not in the job that mailed it
    const { docs: links } = await host.payload.find({ collection: "case-links", depth: 0, overrideAccess: true });
    const link = links.find((l) => l.inquiry === id)!;
    assert.equal(link.tokenHash, createHash("sha256").update(token).digest("hex"));
    const { docs: jobs } = await host.payload.find({
      collection: "payload-jobs",
      depth: 0,
      overrideAccess: true,
      limit: 0,
    });
    assert.ok(!JSON.stringify(jobs).includes(token), "no job holds the token");
    assert.ok(!JSON.stringify(links).includes(token), "no link holds the token");

    const view = await customer("", { token });
    assert.equal(view.status, 200);
    assert.equal(view.headers.get("cache-control"), "no-store");
    const shown = (await view.json()) as CaseView;
    assert.equal(shown.purpose, "photos");
    assert.equal(shown.regNumber, "EL12345");
    assert.equal(shown.message, "Ta et bilde av hele støtfangeren.");
    assert.equal(shown.photos.length, 1);

    const added = [await photo(), await photo()];
    const sent = await Promise.all([1, 2, 3].map(() => customer("/photos", { token, photos: added })));
    for (const answer of sent) assert.equal(answer.status, 200, await answer.clone().text());
    const stored = await host.payload.findByID({ collection: "inquiries", id, depth: 1, overrideAccess: true });
    assert.equal(stored.damages.length, 2, "the photos are one new damage, once");
    assert.deepEqual(
      (stored.damages[1]!.photos as { filename: string }[]).map((p) => p.filename),
      added.map((p) => p.filename),
    );
    const notice = await waitFor("the workshop's notice", () =>
      box.to(WORKSHOP).find((m) => /Nye bilder: EL12345/.test(m.subject ?? "")),
    );
    assert.match(notice.text ?? "", /2 nye bilder/);

    // an offer's answer is no photo link's to give
    assert.equal(
      (await customer("/accept", { token, name: "Kari", chosenTime: momentFromNow(20), earlyStart: false })).status,
      400,
    );

    // the cleanup, a day later, keeps the photos the case names
    moveJobClock(2 * DAY);
    try {
      await deleteExpired(host.payload);
    } finally {
      moveJobClock(0);
    }
    const { docs: kept } = await host.payload.find({
      collection: "media",
      where: { filename: { in: added.map((p) => p.filename) } },
      overrideAccess: true,
    });
    assert.equal(kept.length, 2);
  },

  "an offer is sent, opened without effect, accepted once under ten presses, and both get their e-mails": async () => {
    const id = await quote("tilbud@eksempel.no");
    const sent = await staffCall(id, "send-offer", offerBody());
    assert.equal(sent.status, 201, await sent.text());
    assert.equal(await status(id), "ANSWERED");
    const token = await tokenMailed("tilbud@eksempel.no", /Pristilbud for EL12345/);

    await scannerOpens(token, id);

    // within 14 days, the early-start box is required
    const soon = await customer("/accept", {
      token,
      name: "Kari Nordmann",
      chosenTime: momentFromNow(3),
      earlyStart: false,
    });
    assert.equal(soon.status, 400);
    assert.equal(((await soon.json()) as { errors: { field: string }[] }).errors[0]!.field, "earlyStart");
    assert.equal(
      (await customer("/accept", { token, name: "Kari", chosenTime: momentFromNow(5), earlyStart: true })).status,
      400,
      "a time not offered",
    );

    const presses = await Promise.all(
      Array.from({ length: 10 }, () =>
        customer("/accept", { token, name: "Kari Nordmann", chosenTime: momentFromNow(20), earlyStart: false }),
      ),
    );
    for (const press of presses) {
      assert.equal(press.status, 200, await press.clone().text());
      assert.equal(((await press.json()) as { done: string }).done, "accepted");
    }
    assert.equal(await status(id), "ACCEPTED");
    const { docs: events } = await host.payload.find({
      collection: "case-events",
      where: { and: [{ inquiry: { equals: id } }, { kind: { equals: "accepted" } }] },
      overrideAccess: true,
    });
    assert.equal(events.length, 1, "one acceptance");
    const { docs: agreements } = await host.payload.find({
      collection: "agreements",
      where: { caseNumber: { equals: String(id) } },
      overrideAccess: true,
    });
    assert.equal(agreements.length, 1);
    assert.equal(agreements[0]!.name, "Kari Nordmann");
    assert.equal(agreements[0]!.totalNok, 4750);
    assert.equal(agreements[0]!.regNumber, "EL12345");

    const confirmation = await waitFor("the confirmation", () =>
      box.to("tilbud@eksempel.no").find((m) => /Bekreftelse/.test(m.subject ?? "")),
    );
    assert.match(confirmation.text ?? "", /Totalt: 4\s750 kr/);
    assert.match(confirmation.text ?? "", /Fast pris/);
    assert.match(confirmation.text ?? "", /Angrerett/);
    assert.equal(confirmation.text?.trimEnd(), agreements[0]!.confirmation, "the agreement keeps the text sent");
    const notice = await waitFor("the workshop's notice", () =>
      box.to(WORKSHOP).find((m) => /Tilbud godtatt: EL12345/.test(m.subject ?? "")),
    );
    assert.match(notice.text ?? "", /Kari Nordmann/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(box.to(WORKSHOP).filter((m) => /Tilbud godtatt/.test(m.subject ?? "")).length, 1);

    // a later "Nei takk" gets the first answer, not a second
    const late = await customer("/decline", { token });
    assert.equal(late.status, 409);
    assert.equal(((await late.json()) as { reason: string }).reason, "answered");
  },

  "the agreement outlives its case, and is deleted five years after the acceptance": async () => {
    const id = await quote("avtale@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody())).status, 201);
    const token = await tokenMailed("avtale@eksempel.no", /Pristilbud/);
    const accepted = await customer("/accept", {
      token,
      name: "Ola Nordmann",
      chosenTime: momentFromNow(20),
      earlyStart: false,
    });
    assert.equal(accepted.status, 200);
    // the case is deleted; the agreement stays, and goes five years later
    await host.payload.delete({ collection: "inquiries", id, overrideAccess: true });
    assert.equal((await customer("", { token })).status, 404);
    assert.equal(await agreementsOf(id), 1, "the agreement outlives its case");
    await deleteExpired(host.payload, new Date(Date.now() + 4 * 365 * DAY));
    assert.equal(await agreementsOf(id), 1);
    await deleteExpired(host.payload, new Date(Date.now() + 5 * 366 * DAY));
    assert.equal(await agreementsOf(id), 0);
  },

  "staff read an agreement but cannot change it, and delete it at the customer's request with the reason kept":
    async () => {
      const id = await quote("slett-avtale@eksempel.no");
      assert.equal((await staffCall(id, "send-offer", offerBody())).status, 201);
      const token = await tokenMailed("slett-avtale@eksempel.no", /Pristilbud/);
      const name = "Siri Nordmann";
      assert.equal(
        (await customer("/accept", { token, name, chosenTime: momentFromNow(20), earlyStart: false })).status,
        200,
      );
      const { docs } = await host.payload.find({
        collection: "agreements",
        where: { caseNumber: { equals: String(id) } },
        overrideAccess: true,
      });
      const agreement = docs[0]!;
      const json = { ...host.staff, "Content-Type": "application/json" };
      const read = await fetch(`${host.origin}/api/agreements/${agreement.id}`, { headers: host.staff });
      assert.equal(((await read.json()) as { name: string }).name, name);
      const changed = await fetch(`${host.origin}/api/agreements/${agreement.id}`, {
        method: "PATCH",
        headers: json,
        body: JSON.stringify({ totalNok: 1 }),
      });
      assert.equal(changed.status, 403, "an agreement is never changed");
      const erase = (body: unknown, headers: Record<string, string> = json) =>
        fetch(`${host.origin}/api/agreements/${agreement.id}/erase`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
        });
      assert.equal((await erase({ reason: "  " })).status, 400, "a reason is required");
      assert.equal((await erase({ reason: "Kunden ba om det" }, { "Content-Type": "application/json" })).status, 401);

      const erased = await erase({ reason: "Kunden ba om det på e-post" });
      assert.equal(erased.status, 200, await erased.clone().text());
      assert.equal(await agreementsOf(id), 0);
      const { docs: left } = await host.payload.find({
        collection: "agreement-erasures",
        where: { caseNumber: { equals: String(id) } },
        overrideAccess: true,
      });
      assert.equal(left.length, 1);
      assert.equal(left[0]!.reason, "Kunden ba om det på e-post");
      assert.equal(left[0]!.version, 1);
      assert.ok(!JSON.stringify(left).includes(name), "nothing of the customer is kept");
      assert.equal((await erase({ reason: "Igjen" })).status, 404);
    },

  "a new offer replaces the old one, whose link says so; closing the case ends the links": async () => {
    const id = await quote("endret@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody())).status, 201);
    const first = await tokenMailed("endret@eksempel.no", /Pristilbud/);
    assert.equal((await staffCall(id, "send-offer", offerBody({ priceType: "estimate" }))).status, 201);
    const second = await tokenMailed("endret@eksempel.no", /Pristilbud/, 2);
    assert.notEqual(first, second);
    const old = await customer("/accept", {
      token: first,
      name: "Ola",
      chosenTime: momentFromNow(20),
      earlyStart: false,
    });
    assert.equal(old.status, 410);
    assert.equal(((await old.json()) as { reason: string }).reason, "replaced");
    const shown = (await (await customer("", { token: second })).json()) as CaseView;
    assert.equal(shown.offer?.version, 2);
    assert.equal(shown.offer?.priceType, "estimate");

    const question = await customer("/question", { token: second, text: "Kan dere ta bilen en lørdag?" });
    assert.equal(question.status, 200);
    assert.equal(((await question.json()) as { done: string }).done, "asked");
    const asked = await waitFor("the question", () =>
      box.to(WORKSHOP).find((m) => /Spørsmål om tilbudet/.test(m.subject ?? "")),
    );
    assert.match(asked.text ?? "", /Kan dere ta bilen en lørdag\?/);
    assert.equal(asked.replyTo?.value[0]?.address, "endret@eksempel.no");

    await host.payload.update({ collection: "inquiries", id, data: { status: "CLOSED" }, overrideAccess: true });
    const closed = await customer("", { token: second });
    assert.equal(closed.status, 404);
    assert.equal(((await closed.json()) as { reason: string }).reason, "ended");
    assert.equal((await staffCall(id, "send-offer", offerBody())).status, 409, "no offer on a closed case");
  },

  "a link takes five questions a day and twenty in all; beyond that the customer is told to call": async () => {
    const id = await quote("sporsmal@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody())).status, 201);
    const token = await tokenMailed("sporsmal@eksempel.no", /Pristilbud/);
    const ask = (text: string) => customer("/question", { token, text });
    const questions = async () =>
      (
        await host.payload.find({
          collection: "case-events",
          where: { and: [{ inquiry: { equals: id } }, { kind: { equals: "question" } }] },
          pagination: false,
          overrideAccess: true,
        })
      ).docs;
    const refused = async (answer: Response) => {
      assert.equal(answer.status, 429);
      const { errors } = (await answer.json()) as { errors: { message: string; field?: string }[] };
      assert.match(errors[0]!.message, /^Du har sendt mange spørsmål\. Ring oss på .+, så svarer vi deg\.$/);
      assert.equal(errors[0]!.field, "text");
    };

    for (let i = 1; i <= 5; i++) assert.equal((await ask(`Spørsmål nummer ${i}?`)).status, 200);
    await refused(await ask("Spørsmål nummer 6?"));
    assert.equal((await ask("Spørsmål nummer 5?")).status, 200, "a question sent again is the one stored");
    assert.equal((await questions()).length, 5);
    await waitFor("the five questions", () => {
      const asked = box.to(WORKSHOP).filter((m) => /Spørsmål nummer/.test(m.text ?? ""));
      return asked.length === 5 && asked;
    });

    // two days later the day's five are free again, and twenty in all is the end
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString();
    for (const event of await questions()) {
      await host.payload.update({
        collection: "case-events",
        id: event.id,
        data: { at: twoDaysAgo },
        overrideAccess: true,
      });
    }
    const { docs: links } = await host.payload.find({
      collection: "case-links",
      where: { inquiry: { equals: id } },
      overrideAccess: true,
    });
    for (let i = 0; i < 14; i++) {
      await host.payload.create({
        collection: "case-events",
        data: {
          inquiry: id,
          kind: "question",
          at: twoDaysAgo,
          text: "Eldre spørsmål",
          once: `question:${links[0]!.id}:eldre-${i}`,
        },
        overrideAccess: true,
      });
    }
    assert.equal((await ask("Spørsmål nummer 20?")).status, 200);
    await refused(await ask("Spørsmål nummer 21?"));
    assert.equal((await questions()).length, 20);
  },

  "a case has one agreement: an accepted case is not moved back, and takes no second offer": async () => {
    const id = await quote("en-avtale@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody())).status, 201);
    const token = await tokenMailed("en-avtale@eksempel.no", /Pristilbud/);
    const yes = await customer("/accept", {
      token,
      name: "Eva Nordmann",
      chosenTime: momentFromNow(20),
      earlyStart: false,
    });
    assert.equal(yes.status, 200);

    // a page opened before the acceptance, saved after it, keeps the case Godtatt
    const back = await fetch(`${host.origin}/api/inquiries/${id}`, {
      method: "PATCH",
      headers: { ...host.staff, "Content-Type": "application/json" },
      body: JSON.stringify({ status: "ANSWERED", workshopNote: "Ringt kunden" }),
    });
    assert.equal(back.status, 400);
    assert.match(await back.text(), /Saken kan bare avsluttes/);
    assert.equal(await status(id), "ACCEPTED");

    // closed and opened again, it still takes no second offer
    await host.payload.update({ collection: "inquiries", id, data: { status: "CLOSED" }, overrideAccess: true });
    await host.payload.update({ collection: "inquiries", id, data: { status: "ANSWERED" }, overrideAccess: true });
    const again = await staffCall(id, "send-offer", offerBody());
    assert.equal(again.status, 409);
    assert.match(await again.text(), /allerede godtatt et tilbud/);
    assert.equal(await agreementsOf(id), 1);
  },

  "accept and decline pressed at once: one answer wins, the other sees it": async () => {
    const id = await quote("samtidig@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody())).status, 201);
    const token = await tokenMailed("samtidig@eksempel.no", /Pristilbud/);
    const twoLines = await customer("/accept", {
      token,
      name: "Ola\n\nSe saken: x",
      chosenTime: momentFromNow(20),
      earlyStart: false,
    });
    assert.equal(twoLines.status, 400, "a name is one line");
    const [yes, no] = await Promise.all([
      customer("/accept", { token, name: "Ola Nordmann", chosenTime: momentFromNow(20), earlyStart: false }),
      customer("/decline", { token }),
    ]);
    const statuses = [yes.status, no.status].sort();
    assert.deepEqual(statuses, [200, 409]);
    const loser = (yes.status === 409 ? await yes.json() : await no.json()) as { reason: string; view: CaseView };
    assert.equal(loser.reason, "answered");
    assert.equal(loser.view.offer?.state, yes.status === 200 ? "accepted" : "declined", "the case as it is now");
    assert.equal(await status(id), yes.status === 200 ? "ACCEPTED" : "ANSWERED");
  },

  "an offer past its date cannot be accepted": async () => {
    const id = await quote("utlopt@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody({ validUntil: dayFromNow(1) }))).status, 201);
    const token = await tokenMailed("utlopt@eksempel.no", /Pristilbud/);
    const { docs } = await host.payload.find({
      collection: "case-offers",
      where: { inquiry: { equals: id } },
      overrideAccess: true,
    });
    await host.payload.update({
      collection: "case-offers",
      id: docs[0]!.id,
      data: { validUntil: dayFromNow(-2) },
      overrideAccess: true,
    });
    const late = await customer("/accept", { token, name: "Per", chosenTime: momentFromNow(20), earlyStart: false });
    assert.equal(late.status, 409);
    const body = (await late.json()) as { reason: string; view: CaseView };
    assert.equal(body.reason, "expired");
    assert.equal(body.view.offer?.state, "expired");
    assert.equal(await status(id), "ANSWERED");
  },

  "only staff send; a customer's call takes the token and nothing else": async () => {
    const id = await quote("fremmed@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody(), {})).status, 401);
    assert.equal((await staffCall(id, "request-photos", { message: "Hei" }, {})).status, 401);
    assert.equal((await staffCall(id, "send-offer", { ...offerBody(), lines: [] })).status, 400);
    assert.equal((await staffCall(id, "send-offer", offerBody({ validUntil: dayFromNow(-1) }))).status, 400);
    assert.equal((await staffCall(999_999, "send-offer", offerBody())).status, 404);
    // a staff login widens nothing: an unknown token is refused with it too
    const unknown = await customer("", { token: randomBytes(32).toString("base64url") }, host.staff);
    assert.equal(unknown.status, 404);
    assert.equal((await customer("", { token: "kort" })).status, 400);
    const tooLarge = await customer("/question", {
      token: randomBytes(32).toString("base64url"),
      text: "x".repeat(70_000),
    });
    assert.equal(tooLarge.status, 413, "a body over 64 KB is refused as too large");
    const notJson = await fetch(`${host.origin}/api/sak`, {
      method: "POST",
      headers: { Origin: SITE_ORIGIN },
      body: "{",
    });
    assert.equal(notJson.status, 400);
    assert.match(await notJson.text(), /ikke JSON/);
    assert.equal(
      (await customer("", { token: randomBytes(32).toString("base64url"), id })).status,
      400,
      "nothing but the token",
    );
    // one address's calls on links are bounded, whatever their tokens; another address still gets its answers.
    // Twice the limit and one more: however the calls fall on the minutes, one minute gets more than it takes
    const stranger = { "X-Forwarded-For": "203.0.113.50" };
    const tries = await Promise.all(
      Array.from({ length: 2 * CASE_LINK_CALLS_PER_MINUTE + 1 }, () =>
        customer("", { token: randomBytes(32).toString("base64url") }, stranger),
      ),
    );
    const statuses = tries.map((answer) => answer.status);
    assert.ok(statuses.includes(429), "a flood from one address is refused");
    assert.ok(statuses.filter((status) => status === 404).length <= 2 * CASE_LINK_CALLS_PER_MINUTE);
    const refused = tries.find((answer) => answer.status === 429)!;
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    assert.equal(refused.headers.get("cache-control"), "no-store");
    assert.equal((await customer("", { token: randomBytes(32).toString("base64url") })).status, 404);

    // the records behind the links are closed to every request; staff read the agreements and what is left of one
    for (const slug of ["case-offers", "case-links", "case-events"]) {
      const answer = await fetch(`${host.origin}/api/${slug}`, { headers: host.staff });
      assert.equal(answer.status, 403, slug);
    }
    for (const slug of ["agreements", "agreement-erasures"]) {
      assert.equal((await fetch(`${host.origin}/api/${slug}`, { headers: host.staff })).status, 200, slug);
      assert.equal((await fetch(`${host.origin}/api/${slug}`)).status, 403, slug);
      const made = await fetch(`${host.origin}/api/${slug}`, {
        method: "POST",
        headers: { ...host.staff, "Content-Type": "application/json" },
        body: "{}",
      });
      assert.equal(made.status, 403, `${slug}: nobody makes one over the API`);
    }
  },

  // last: it moves every open case of the suite's host on by FORGOTTEN_CASE_MS
  "a case untouched for 90 days closes by itself, says so, and is then deleted as any closed case": async () => {
    const id = await quote("glemt@eksempel.no");
    assert.equal((await staffCall(id, "send-offer", offerBody())).status, 201);
    const token = await tokenMailed("glemt@eksempel.no", /Pristilbud/);
    const booking = await host.payload.create({
      collection: "contact",
      data: { email: "glemt-booking@eksempel.no", phone: "+47 912 34 567", status: "NEW", workshopNote: "Ring først" },
      overrideAccess: true,
    });

    await closeForgottenCases(host.payload, new Date(Date.now() + FORGOTTEN_CASE_MS - DAY));
    assert.equal(await status(id), "ANSWERED", "a day short of it, still open");
    moveJobClock(FORGOTTEN_CASE_MS + DAY);
    try {
      await closeForgottenCases(host.payload);
    } finally {
      moveJobClock(0);
    }
    assert.equal(await status(id), "CLOSED");
    const { docs: events } = await host.payload.find({
      collection: "case-events",
      where: { and: [{ inquiry: { equals: id } }, { kind: { equals: "autoClosed" } }] },
      overrideAccess: true,
    });
    assert.equal(events.length, 1);
    assert.equal(EVENT_KINDS.find((kind) => kind.value === "autoClosed")?.label, FORGOTTEN_CASE_TEXT);
    assert.equal((await customer("", { token })).status, 404, "its link ends with it");
    const closedBooking = await host.payload.findByID({ collection: "contact", id: booking.id, overrideAccess: true });
    assert.equal(closedBooking.status, "CLOSED");
    assert.equal(closedBooking.workshopNote, `Ring først\n\n${FORGOTTEN_CASE_TEXT}`);

    await deleteExpired(host.payload, new Date(Date.now() + FORGOTTEN_CASE_MS + CLOSED_CASE_KEPT_MS + 2 * DAY));
    const left = await host.payload.find({
      collection: "inquiries",
      where: { id: { equals: id } },
      overrideAccess: true,
    });
    assert.equal(left.totalDocs, 0, "deleted as any closed case");
  },
};

function caseLinkSuite(name: string, database: () => Promise<HostOptions>) {
  describe(name, () => {
    before(async () => {
      box = await startMailbox();
      host = await startAdminHost(env(), await database());
    });
    after(async () => {
      moveJobClock(0);
      _internal_jobSystemGlobals.shouldAutoRun = true;
      await host?.close();
      await box?.stop();
    });
    for (const [title, run] of testsOn(name, TESTS, SAME_ON_EVERY_DATABASE)) test(title, run);
  });
}

/** The tests no database changes (testsOn): a date's check, who may call. */
const SAME_ON_EVERY_DATABASE = [
  "an offer past its date cannot be accepted",
  "only staff send; a customer's call takes the token and nothing else",
];

onBothDatabases("links", caseLinkSuite);
