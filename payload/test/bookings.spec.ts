/**
 * The `contact` collection and the booking e-mails on a real Payload, over
 * HTTP, with a local SMTP server: the site's booking is stored on the
 * contract's terms and read by the workshop only; each new one e-mails the
 * workshop the booking and the visitor a Norwegian receipt in the workshop's
 * words, at most one receipt to an address an hour; an SMTP server that says
 * no or is away fails the e-mails, never the booking, the booking records it,
 * and the e-mails go on a later try.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { ParsedMail } from "mailparser";
import { CONTACT_PATH } from "../../lib/api/schemas";
import { openingTimes } from "../../lib/format";
import { loadSite } from "../content";
import { RECEIPT_INTERVAL_MS } from "../mail";
import { LEVEL, moveJobClock, SITE_ORIGIN, startAdminHost, waitFor, type AdminHost } from "./harness";
import { mailEnv, startMailbox, type Mailbox } from "./mailbox";

const WORKSHOP = "bestillinger@bulkeklinikken.test";
const site = loadSite();

let box: Mailbox;
let host: AdminHost;
before(async () => {
  box = await startMailbox();
  host = await startAdminHost(mailEnv(box, WORKSHOP));
});
after(async () => {
  await host?.close();
  await box?.stop();
});

const MESSAGE = "Valgte tjenester: Lakkforsegling, En-trinns polering\nPris: 5 750 kr\nKan dere tirsdag? Hilsen Kari";

interface Stored {
  id: number;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
}

async function book(body: Record<string, unknown>, headers: HeadersInit = {}) {
  return fetch(`${host.origin}${CONTACT_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** Books as the site does; answers the stored booking. */
async function booked(email: string, message = MESSAGE): Promise<Stored> {
  const answer = await book({ email, phone: "+47 912 34 567", message }, { Origin: SITE_ORIGIN });
  assert.equal(answer.status, 201, await answer.clone().text());
  assert.equal(answer.headers.get("access-control-allow-origin"), SITE_ORIGIN);
  return ((await answer.json()) as { doc: Stored }).doc;
}

/** The booking's e-mails' outcome, as recorded on it, once both are what `until` waits for (by default: tried). */
function mailed(id: number, until = (state: string) => state !== "pending") {
  return waitFor(
    `booking ${id}'s e-mails`,
    async () => {
      const doc = (await host.payload.findByID({ collection: "contact", id, overrideAccess: true })) as unknown as {
        emails: { workshop: string; receipt: string };
      };
      return until(doc.emails.workshop) && until(doc.emails.receipt) && doc.emails;
    },
    20_000,
  );
}

/** Past the jobs queue's wait before its next try. */
async function nextTry<T>(then: () => Promise<T>): Promise<T> {
  moveJobClock(10 * 60_000);
  try {
    return await then();
  } finally {
    moveJobClock(0);
  }
}

const receiptsTo = (address: string) => box.to(address);
const workshopMailsAbout = (address: string) =>
  box.to(WORKSHOP).filter((mail: ParsedMail) => mail.text?.includes(address));

test("a booking is stored as sent, the address in lower case, and read by the workshop only", async () => {
  const doc = await booked("  Ola.Nordmann@Eksempel.NO ");
  assert.equal(doc.email, "ola.nordmann@eksempel.no");
  assert.equal(doc.message, MESSAGE);
  await mailed(doc.id);
  for (const path of [CONTACT_PATH, `${CONTACT_PATH}/${doc.id}`, `${CONTACT_PATH}/count`]) {
    assert.equal((await fetch(`${host.origin}${path}`)).status, 403, path);
  }
  const byAddress = await fetch(`${host.origin}${CONTACT_PATH}?where[email][equals]=${doc.email}`);
  assert.equal(byAddress.status, 403);
  const edit = { method: "PATCH", headers: { "Content-Type": "application/json" }, body: '{"message":"x"}' };
  assert.equal((await fetch(`${host.origin}${CONTACT_PATH}/${doc.id}`, edit)).status, 403);
  assert.equal((await fetch(`${host.origin}${CONTACT_PATH}/${doc.id}`, { method: "DELETE" })).status, 403);

  const list = await fetch(`${host.origin}${CONTACT_PATH}?limit=100`, { headers: host.staff });
  assert.equal(list.status, 200);
  const { docs } = (await list.json()) as { docs: Stored[] };
  assert.ok(docs.some((d) => d.id === doc.id && d.message === MESSAGE));
  const one = await fetch(`${host.origin}${CONTACT_PATH}/${doc.id}`, { headers: host.staff });
  assert.equal(((await one.json()) as Stored).phone, "+47 912 34 567");
});

test("staff is the admin's users logged in with a password: an API key or another auth collection reads nothing", async () => {
  const doc = await booked("tilgang@eksempel.no");
  const apiKey = "en-api-nokkel-bare-for-testen-0123456789";
  // made over REST: this host's users take API keys and it has a second auth collection, which the app's types lack
  const make = async (path: string, data: object) => {
    const made = await fetch(`${host.origin}${path}`, {
      method: "POST",
      headers: { ...host.staff, "Content-Type": "application/json" },
      body: JSON.stringify(data),
    });
    assert.equal(made.status, 201, path);
  };
  await make("/api/users", {
    email: "integrasjon@bulkeklinikken.test",
    password: "et-annet-langt-passord",
    enableAPIKey: true,
    apiKey,
  });
  const customer = { email: "kunde@eksempel.no", password: "kundens-eget-passord-123" };
  await make("/api/customers", customer);
  const login = await fetch(`${host.origin}/api/customers/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(customer),
  });
  const { token } = (await login.json()) as { token: string };
  const json = { "Content-Type": "application/json" };
  for (const Authorization of [`users API-Key ${apiKey}`, `JWT ${token}`]) {
    for (const path of [CONTACT_PATH, `${CONTACT_PATH}/${doc.id}`, "/api/inquiries", "/api/media"]) {
      assert.equal((await fetch(`${host.origin}${path}`, { headers: { Authorization } })).status, 403, path);
    }
    const edit = { method: "PATCH", headers: { Authorization, ...json }, body: '{"status":"CLOSED"}' };
    assert.equal((await fetch(`${host.origin}${CONTACT_PATH}/${doc.id}`, edit)).status, 403);
    const remove = { method: "DELETE", headers: { Authorization } };
    assert.equal((await fetch(`${host.origin}${CONTACT_PATH}/${doc.id}`, remove)).status, 403);
    assert.equal((await fetch(`${host.origin}/api/media?where[id][exists]=true`, remove)).status, 403);
    const runJobs = await fetch(`${host.origin}/api/payload-jobs/run`, { headers: { Authorization } });
    assert.equal(runJobs.status, 401);
  }
  assert.equal((await fetch(`${host.origin}${CONTACT_PATH}/${doc.id}`, { headers: host.staff })).status, 200);
});

test("a booking off the contract is 400 and nothing is stored", async () => {
  const count = async () => (await host.payload.count({ collection: "contact" })).totalDocs;
  const before = await count();
  const ok = { email: "kunde@eksempel.no", phone: "+47 912 34 567", message: "Hei" };
  const wrong = [
    { ...ok, email: "ikke-en-adresse" },
    { ...ok, email: `${"a".repeat(250)}@eksempel.no` },
    { ...ok, phone: "1234" },
    { ...ok, phone: "ring meg 91234567" },
    { ...ok, message: "x".repeat(5001) },
    { ...ok, createdAt: "2000-01-01T00:00:00.000Z" },
    { email: ok.email, phone: ok.phone, message: ok.message, extra: true },
    { email: ok.email, message: ok.message },
  ];
  for (const body of wrong) {
    const answer = await book(body);
    assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 80));
  }
  assert.equal(await count(), before);
});

test("an address that would reach another mailbox is 400, and that mailbox gets nothing", async () => {
  const count = async () => (await host.payload.count({ collection: "contact" })).totalDocs;
  const before = await count();
  for (const email of [
    "offer@eksempel.no,1",
    "foo<offer@eksempel.no>",
    "offer@eksempel.no.",
    "a@b.no;offer@eksempel.no",
  ]) {
    const answer = await book({ email, phone: "+47 912 34 567", message: "Hei" }, { Origin: SITE_ORIGIN });
    assert.equal(answer.status, 400, email);
    assert.match(await answer.text(), /e-postadressen ser ikke riktig ut/, email);
  }
  assert.equal(await count(), before);
  // a booking stored after them has had its e-mails sent: the queue ran, and none went to the other mailbox
  const control = await booked("kontroll@eksempel.no");
  await mailed(control.id);
  assert.equal(box.to("offer@eksempel.no").length, 0);
});

test("a booking e-mails the workshop the booking, with a link to it in the admin", async () => {
  const doc = await booked("kari@eksempel.no");
  assert.deepEqual(await mailed(doc.id), { workshop: "sent", receipt: "sent" });
  const [mail, ...more] = workshopMailsAbout("kari@eksempel.no");
  assert.equal(more.length, 0);
  assert.ok(mail);
  assert.equal(mail.replyTo?.text, "kari@eksempel.no");
  assert.deepEqual(mail.from?.value[0], { name: site.name, address: "nettside@bulkeklinikken.test" });
  assert.match(mail.subject ?? "", /kari@eksempel\.no/);
  const text = mail.text ?? "";
  for (const part of ["kari@eksempel.no", "+47 912 34 567", MESSAGE]) assert.ok(text.includes(part), part);
  const link = `${host.origin}/admin/collections/contact/${doc.id}`;
  assert.ok(text.includes(link), text);
  assert.ok(text.indexOf(link) < text.indexOf(MESSAGE), "the admin link comes before the visitor's words");
});

test("the visitor's receipt is the workshop's Norwegian text with its name, phone and hours, and none of theirs", async () => {
  const doc = await booked("per@eksempel.no", "Hemmelig ord: abrakadabra. Ring 99 88 77 66");
  await mailed(doc.id);
  const [receipt, ...more] = receiptsTo("per@eksempel.no");
  assert.equal(more.length, 0);
  assert.ok(receipt);
  assert.equal(receipt.replyTo?.text, site.email);
  assert.equal(receipt.headers.get("auto-submitted"), "auto-generated");
  const text = `${receipt.subject}\n${receipt.text}`;
  assert.match(text, /Takk for bestillingen/);
  for (const part of [site.name, site.phone, openingTimes(site.openingHours[0]!), "mandag–fredag"]) {
    assert.ok(text.includes(part), part);
  }
  for (const theirs of ["abrakadabra", "Hemmelig", "99 88 77 66", "912 34 567"])
    assert.ok(!text.includes(theirs), theirs);
});

test("a second booking from the same address within the hour gets no receipt; the workshop hears of both", async () => {
  const first = await booked("lise@eksempel.no");
  assert.equal((await mailed(first.id)).receipt, "sent");
  const second = await booked("LISE@eksempel.no", "Glemte å si: blå bil");
  const done = await mailed(second.id);
  assert.deepEqual([done.workshop, done.receipt], ["sent", "skipped"]);
  assert.equal(receiptsTo("lise@eksempel.no").length, 1);
  assert.equal(workshopMailsAbout("lise@eksempel.no").length, 2);

  // an hour on, the address gets one again
  const hourAgo = new Date(Date.now() - RECEIPT_INTERVAL_MS - 60_000).toISOString();
  for (const { id } of [first, second]) {
    await host.payload.update({ collection: "contact", id, data: { createdAt: hourAgo } });
  }
  const third = await booked("lise@eksempel.no");
  assert.equal((await mailed(third.id)).receipt, "sent");
  assert.equal(receiptsTo("lise@eksempel.no").length, 2);
});

test("an SMTP server that refuses fails the e-mails, not the booking; it records them failed, and they go later", async () => {
  box.refuse = true;
  const refused = await booked("nei@eksempel.no");
  const done = await mailed(refused.id);
  box.refuse = false;
  assert.deepEqual([done.workshop, done.receipt], ["failed", "failed"]);
  const errors = host.logs.filter((line) => line.level === LEVEL.error && line.case === refused.id);
  assert.ok(errors.length >= 2, JSON.stringify(errors));
  assert.ok(await host.payload.findByID({ collection: "contact", id: refused.id }));

  const later = await nextTry(() => mailed(refused.id, (state) => state === "sent"));
  assert.deepEqual([later.workshop, later.receipt], ["sent", "sent"]);
  assert.equal(receiptsTo("nei@eksempel.no").length, 1);
  assert.equal(workshopMailsAbout("nei@eksempel.no").length, 1);
});

test("an SMTP server that is away fails the e-mails, not the booking; once back, they go", async () => {
  await box.stop();
  const away = await booked("borte@eksempel.no");
  const done = await mailed(away.id);
  await box.start();
  assert.deepEqual([done.workshop, done.receipt], ["failed", "failed"]);
  const errors = host.logs.filter((line) => line.level === LEVEL.error && line.case === away.id);
  assert.ok(
    errors.some((line) => /ECONNREFUSED/.test(JSON.stringify(line))),
    JSON.stringify(errors),
  );
  assert.ok(await host.payload.findByID({ collection: "contact", id: away.id }));

  const later = await nextTry(() => mailed(away.id, (state) => state === "sent"));
  assert.deepEqual([later.workshop, later.receipt], ["sent", "sent"]);
  assert.equal(workshopMailsAbout("borte@eksempel.no").length, 1);
});
