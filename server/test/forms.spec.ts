/**
 * The site's form calls through `npm start`'s server and its real Payload:
 * nobody lists the photos, the bookings or the quotes, however the query is
 * written; a photo is read only by its exact, unguessable name; the data
 * folder is its owner's alone; a quote sent again with its Idempotency-Key is
 * stored once, and a different quote under that key is refused, also after
 * a restart; a quote can link only photos stored here, whatever the request
 * claims its host is; a bad quote is refused naming what is wrong, storing
 * nothing; and with SVV_API_KEY set, the car behind a plate is looked up and
 * stored with the quote.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { IDEMPOTENCY_HEADER, MEDIA_FILE_PATH, MEDIA_PATH, mediaResponseSchema } from "../../lib/api/schemas";
import { VEHICLE_PATH, vehicleLine, type Vehicle } from "../../lib/api/vehicle";
import { PER_CLIENT_HOURLY } from "../../payload/vehicle";
import { PLATES, startVegvesen } from "../../testing/vegvesen";
import {
  booking,
  inquiry,
  jpeg,
  postJson,
  rawRequest,
  records,
  shareableBase,
  startServer,
  upload,
  type Harness,
} from "./harness";

let h: Harness;
before(async () => {
  h = await startServer();
});
after(() => h?.close());

/** A photo uploaded as the site uploads it: its doc (filename, absolute url). */
async function stored(name = `${shareableBase()}.jpg`, on: Harness = h) {
  const answer = await upload(on.origin, await jpeg(), name);
  assert.equal(answer.status, 201, await answer.clone().text());
  return mediaResponseSchema.parse(await answer.json()).doc;
}

/** Every way to ask for more than one named photo, or for the bookings and quotes. */
function listings(name: string, id: number | string): string[] {
  const q = (query: string) => `${MEDIA_PATH}?${query}`;
  return [
    MEDIA_PATH,
    q("limit=100"),
    q("depth=0"),
    q("limit=100&page=2&sort=-createdAt"),
    q("where[filename][like]=img"),
    q("where[filename][contains]=img"),
    q("where[filename][exists]=true"),
    q(`where[filename][in]=${name}`),
    q(`where[filename][not_equals]=${name}`),
    q("where[id][exists]=true"),
    q(`where[id][equals]=${id}`),
    q("where[mimeType][equals]=image/jpeg"),
    q(`where[or][0][filename][equals]=${name}&where[or][1][id][exists]=true`),
    q(`where[and][0][filename][equals]=${name}`),
    q(`where[filename][equals]=${name}&where[id][exists]=true`),
    q(`where[filename][equals]=${name}&where[filename][equals]=${shareableBase()}.jpg`),
    q(`where[filename][equals][0]=${name}`),
    q("where[filename][equals]="),
    q("where[filename][equals]=bulk.jpg"),
    q(`WHERE[filename][equals]=${name}`),
    q("where%5Bfilename%5D%5Blike%5D=img"),
    `${MEDIA_PATH}/${id}`,
    `${MEDIA_PATH}/${id}?depth=0`,
    `${MEDIA_PATH}/count`,
    `${MEDIA_PATH}/distinct?field=filename`,
    `${MEDIA_FILE_PATH}/bulk.jpg`,
    `${MEDIA_FILE_PATH}/${shareableBase()}.jpg`,
    `${MEDIA_FILE_PATH}/..%2Fpayload.db`,
    "/api/contact",
    "/api/contact?limit=100",
    "/api/contact/1",
    "/api/contact/count",
    "/api/inquiries",
    "/api/inquiries?limit=100",
    "/api/inquiries/1",
    "/api/inquiry",
    "/inquiry",
    "/api/payload-jobs",
  ];
}

test("no listing of photos or records by any query: each is a 4xx and names no photo", async () => {
  const photo = await stored();
  await stored("bulk.jpg");
  assert.equal((await postJson(h.origin, "/api/contact", booking())).status, 201);
  const { docs } = await h.backend.payload.find({
    collection: "media",
    where: { filename: { equals: photo.filename } },
    overrideAccess: true,
  });
  const secret = photo.filename.slice(4, 20);
  for (const target of listings(photo.filename, docs[0]!.id)) {
    for (const method of ["GET", "HEAD"]) {
      const answer = await fetch(`${h.origin}${target}`, { method });
      const body = await answer.text();
      assert.ok(answer.status >= 400 && answer.status < 500, `${method} ${target}: ${answer.status} ${body}`);
      assert.ok(!body.includes(secret) && !/"filename"|kari@example/.test(body), `${target} named: ${body}`);
    }
  }
  // a read asked for with POST and Payload's method override
  for (const target of [MEDIA_PATH, "/api/contact", "/api/inquiry"]) {
    const answer = await fetch(`${h.origin}${target}`, {
      method: "POST",
      headers: { "X-Payload-HTTP-Method-Override": "GET", "Content-Type": "application/x-www-form-urlencoded" },
      body: "limit=100&depth=0",
    });
    const body = await answer.text();
    assert.ok(answer.status >= 400 && answer.status < 500, `override ${target}: ${answer.status} ${body}`);
    assert.ok(!body.includes(secret) && !/"filename"|kari@example/.test(body), `${target} named: ${body}`);
  }
});

test("the exact shareable name still finds its one photo, and its file", async () => {
  const photo = await stored();
  const query = new URLSearchParams({ "where[filename][equals]": photo.filename, depth: "0", limit: "100" });
  const found = await fetch(`${h.origin}${MEDIA_PATH}?${query}&sort=-createdAt`);
  assert.equal(found.status, 200);
  const body = (await found.json()) as { docs: { filename: string; url: string }[]; totalDocs: number };
  assert.deepEqual(
    body.docs.map((d) => [d.filename, d.url]),
    [[photo.filename, photo.url]],
  );
  assert.equal(body.totalDocs, 1);
  assert.equal(photo.url, `${h.origin}${MEDIA_FILE_PATH}/${photo.filename}`);
  const file = await fetch(photo.url);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get("content-type"), "image/jpeg");
});

test("a photo stored under a guessable name is 403 for its file and its find", async () => {
  const photo = await stored("skade-bak.jpg");
  assert.equal(photo.filename, "skade-bak.jpg");
  assert.ok(fs.existsSync(path.join(h.dataDir, "media", "skade-bak.jpg")));
  const file = await fetch(photo.url);
  assert.equal(file.status, 403);
  assert.match(file.headers.get("content-type") ?? "", /json/);
  assert.ok(!(await file.text()).includes("skade-bak"));
  const find = await fetch(`${h.origin}${MEDIA_PATH}?where[filename][equals]=skade-bak.jpg`);
  assert.equal(find.status, 403);
});

test("the data folder is its owner's alone: 0700, and so are the photos' folder and files", async () => {
  // a data folder left open, as an earlier run or a copy may have left it
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-data-open-"));
  fs.chmodSync(dataDir, 0o755);
  const own = await startServer({ dataDir });
  try {
    const photo = await stored(`${shareableBase()}.jpg`, own);
    assert.equal((await postJson(own.origin, "/api/contact", booking())).status, 201);
    const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
    assert.equal(mode(dataDir), "700");
    assert.equal(mode(path.join(dataDir, "media")), "700");
    assert.equal(mode(path.join(dataDir, "media", photo.filename)), "600");
  } finally {
    await own.close();
  }
});

/** A quote with an Idempotency-Key, as the site sends it to /inquiry. */
const keyed = (key: string, body: unknown, on: Harness = h) =>
  postJson(on.origin, "/inquiry", body, { [IDEMPOTENCY_HEADER]: key });
const answerOf = async (response: Response) => ({ status: response.status, body: await response.json() });

test("the same Idempotency-Key and body store once; another body under it is 422 and stores nothing", async () => {
  const photo = await stored();
  const before = await records(h);
  const first = await answerOf(await keyed("to-ganger-samme", inquiry(photo, 1)));
  assert.deepEqual(first, { status: 201, body: { message: "Forespørselen er mottatt." } });
  // the same quote, its keys in another order, to the other path the site may use
  const { Inquiry, damageRequests } = inquiry(photo, 1);
  const again = await postJson(
    h.origin,
    "/api/inquiry",
    { damageRequests, Inquiry },
    {
      [IDEMPOTENCY_HEADER]: "to-ganger-samme",
    },
  );
  assert.deepEqual(await answerOf(again), first);
  assert.equal((await records(h)).inquiries, before.inquiries + 1);

  const corrected = inquiry(photo, 1);
  corrected.Inquiry.PhoneNumber = "+47 987 65 432";
  const refused = await keyed("to-ganger-samme", corrected);
  assert.equal(refused.status, 422);
  assert.match(JSON.stringify(await refused.json()), /allerede brukt for en annen forespørsel/);
  assert.equal((await records(h)).inquiries, before.inquiries + 1);
  const kept = await h.backend.payload.find({
    collection: "inquiries",
    where: { idempotencyKey: { equals: "to-ganger-samme" } },
    overrideAccess: true,
  });
  assert.deepEqual(
    kept.docs.map((d) => d.phone),
    ["+47 912 34 567"],
  );
  // under a key of its own the corrected quote is stored
  assert.equal((await keyed("rettet-tilbud", corrected)).status, 201);
});

test("the same key 10 times at once: every answer 201, one quote stored", async () => {
  const photo = await stored();
  const before = await records(h);
  const answers = await Promise.all(Array.from({ length: 10 }, () => keyed("ti-samtidig", inquiry(photo, 10))));
  assert.deepEqual(
    answers.map((a) => a.status),
    Array(10).fill(201),
  );
  assert.equal((await records(h)).inquiries, before.inquiries + 1);
});

test("a key still holds after a restart: the same quote is not stored again, another is 422", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-restart-"));
  const first = await startServer({ dataDir });
  const photo = await stored(`${shareableBase()}.jpg`, first);
  assert.equal((await keyed("overlever-omstart", inquiry(photo, 3), first)).status, 201);
  await first.stop();
  // the same data on the same port, as `npm start` run again
  const second = await startServer({ dataDir, root: first.root, port: first.port });
  try {
    const again = await keyed("overlever-omstart", inquiry(photo, 3), second);
    assert.equal(again.status, 201, await again.clone().text());
    assert.equal((await records(second)).inquiries, 1);
    assert.equal((await keyed("overlever-omstart", inquiry(photo, 4), second)).status, 422);
    assert.equal((await records(second)).inquiries, 1);
  } finally {
    await second.close();
  }
});

/** Expects `response` to be `status` with Payload's error body mentioning `mentions`, and nothing stored. */
async function refused(response: Promise<Response>, status: number | number[], mentions?: RegExp) {
  const before = await records(h);
  const answer = await response;
  const text = await answer.text();
  assert.ok([status].flat().includes(answer.status), `${answer.status}: ${text}`);
  const body = JSON.parse(text) as { errors?: { message: string }[]; error?: string };
  const message = body.errors?.map((e) => e.message).join(" ") ?? body.error;
  assert.equal(typeof message, "string", text);
  if (mentions) assert.match(message!, mentions);
  assert.deepEqual(await records(h), before);
}

test("a Host header trick, or an image never uploaded here, stores nothing: 400", async () => {
  const photo = await stored();
  const evil = `http://evil.example${MEDIA_FILE_PATH}/${photo.filename}`;
  for (const [host, image] of [
    ["evil.example", { filename: photo.filename, url: evil }],
    ["evil.example", { filename: "payload.exe", url: "http://evil.example/payload.exe" }],
  ] as const) {
    const json = JSON.stringify(inquiry(image));
    const before = await records(h);
    const status = await rawRequest(
      h.port,
      `POST /inquiry HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      5_000,
    );
    assert.equal(status, 400);
    assert.deepEqual(await records(h), before);
  }
  const forwarded = postJson(h.origin, "/inquiry", inquiry({ filename: photo.filename, url: evil }), {
    "X-Forwarded-Host": "evil.example",
    "X-Forwarded-Proto": "http",
  });
  await refused(forwarded, 400, /damageRequests\.0\.Images\.0/);
  const never = `${shareableBase()}.jpg`;
  const notHere = inquiry({ filename: never, url: `${h.origin}${MEDIA_FILE_PATH}/${never}` });
  await refused(postJson(h.origin, "/inquiry", notHere), 400, /bildet finnes ikke her/);
  // a stored photo's name with another one's url
  const other = await stored();
  await refused(postJson(h.origin, "/inquiry", inquiry({ filename: photo.filename, url: other.url })), 400);
});

test("a bad quote is 400 naming the field; not JSON is 400 or 415; too big is 413; nothing is stored", async () => {
  const photo = await stored();
  const noEmail = inquiry(photo) as { Inquiry: Partial<ReturnType<typeof inquiry>["Inquiry"]> };
  delete noEmail.Inquiry.Email;
  await refused(postJson(h.origin, "/inquiry", noEmail), 400, /Inquiry\.Email/);
  await refused(postJson(h.origin, "/inquiry", { ...inquiry(photo), damageRequests: [] }), 400, /damageRequests/);
  const nullImage = { ...inquiry(photo), damageRequests: [{ Images: [null] }] };
  await refused(postJson(h.origin, "/api/inquiry", nullImage), 400, /damageRequests\.0\.Images\.0/);
  await refused(postJson(h.origin, "/inquiry", '{"Inquiry": '), 400, /JSON/);
  const form = fetch(`${h.origin}/inquiry`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "RegNumber=AB12345",
  });
  await refused(form, [400, 415]);
  await refused(postJson(h.origin, "/inquiry", { pad: "x".repeat(3 * 1024 * 1024) }), 413);
  await refused(
    postJson(h.origin, "/inquiry", inquiry(photo), { [IDEMPOTENCY_HEADER]: "to ord" }),
    400,
    /Idempotency-Key/,
  );
  // and the good quote after them all is taken
  assert.equal((await postJson(h.origin, "/inquiry", inquiry(photo, 5))).status, 201);
});

test("the car behind a plate: no look-up without SVV_API_KEY; with it, the car, and the quote stored with it", async () => {
  assert.equal((await fetch(`${h.origin}${VEHICLE_PATH}?regNumber=${PLATES.golf}`)).status, 404);
  const svv = await startVegvesen();
  const withKey = await startServer({
    env: { ...process.env, SVV_API_KEY: svv.key, SVV_API_URL: svv.url },
    trustedProxies: ["192.0.2.99"],
  });
  try {
    const asked = await fetch(`${withKey.origin}${VEHICLE_PATH}?regNumber=${PLATES.golf}`);
    assert.equal(asked.status, 200);
    const { vehicle } = (await asked.json()) as { vehicle: Vehicle };
    assert.equal(vehicleLine(vehicle), "Volkswagen Golf, grå, 2017");
    assert.equal(vehicle.euControlDeadline, "2027-03-31");
    const photo = await stored(undefined, withKey);
    const quote = { ...inquiry(photo), Inquiry: { ...inquiry(photo).Inquiry, RegNumber: "EK 39085" } };
    assert.equal((await postJson(withKey.origin, "/inquiry", quote)).status, 201);
    const { docs } = await withKey.backend.payload.find({ collection: "inquiries", overrideAccess: true, depth: 0 });
    const car = docs[0]?.vehicle;
    assert.equal(car?.lookup, "found");
    assert.equal(car?.make, "Volkswagen");
    assert.deepEqual(svv.calls, [PLATES.golf], "the quote took the car the form's look-up left");
    // a client naming other addresses is still the one connection it is (no proxy in front is trusted): its
    // limit is its own
    const heard: string[] = [];
    const ask = async (plate: string, forwardedFor: string) => {
      const answer = await fetch(`${withKey.origin}${VEHICLE_PATH}?regNumber=${plate}`, {
        headers: { "X-Forwarded-For": forwardedFor },
      });
      heard.push(`${JSON.stringify([...answer.headers])} ${await answer.text()}`);
      return answer.status;
    };
    // the Golf above was this connection's first
    for (let n = 1; n < PER_CLIENT_HOURLY; n++) assert.equal(await ask(`ZZ${30000 + n}`, `192.0.2.${n}`), 200);
    assert.equal(await ask("ZZ39999", "192.0.2.250"), 429);
    assert.equal(await ask(PLATES.down, "192.0.2.251"), 429);
    const everything = [...heard, ...withKey.logLines].join("\n");
    assert.ok(
      heard.length === PER_CLIENT_HOURLY + 1 && !everything.includes(svv.key),
      "the key is in no answer or log line",
    );
  } finally {
    await withKey.close();
    await svv.stop();
  }
});
