/**
 * The car behind a registration number, against a local stand-in for
 * Statens vegvesen (../../testing/vegvesen.ts): what is read from its
 * answer, the look-ups' limits and cache, GET /api/vehicle on a real
 * Payload, and each quote stored and e-mailed with its car. The key never
 * appears in an answer or a log line.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Config } from "payload";
import type { InquiryRequest } from "../../lib/api/schemas";
import { vehicleLine } from "../../lib/api/vehicle";
import { answerFor, PLATES, startVegvesen, type Vegvesen } from "../../testing/vegvesen";
import { GOLF } from "../../testing/vehicles";
import { QUOTE_LOOKUP_WAIT_MS } from "../operations/store-quote";
import { bulkeklinikken } from "../plugin";
import {
  CACHE_MS,
  HOURLY,
  network64,
  QUOTE_RESERVE,
  LONG_PAUSE_MS,
  PAUSE_MS,
  PER_CLIENT_HOURLY,
  SERVICE_TIMEOUT_MS,
  titleCase,
  vehicleFrom,
  vehicleRegister,
  vehicleSettings,
} from "../vehicle";
import { LEVEL, SITE_ORIGIN, startAdminHost, uploadPhoto, waitFor, type AdminHost } from "./harness";
import { startMailbox, type Mailbox } from "./mailbox";

/** A logger that keeps what it is told, as Payload's would log it. */
function logger() {
  const lines: { level: string; text: string }[] = [];
  const log = (level: string) => (value: unknown) => void lines.push({ level, text: JSON.stringify(value) });
  return { lines, logger: { error: log("error"), warn: log("warn"), info: log("info") } as never };
}

let svv: Vegvesen;
before(async () => {
  svv = await startVegvesen();
});
after(() => svv.stop());

describe("Statens vegvesen's answer", () => {
  test("the car is read from the documented answer, in the words a customer reads", () => {
    assert.deepEqual(
      vehicleFrom(answerFor({ ...GOLF, make: "VOLKSWAGEN", model: "GOLF", colour: "Grå" }), "EK39085"),
      GOLF,
    );
    assert.equal(vehicleLine(GOLF), "Volkswagen Golf, grå, 2017");
    assert.equal(vehicleFrom({ kjoretoydataListe: [] }, "AB12345"), undefined);
    assert.throws(() => vehicleFrom({ feilmelding: "noe annet" }, "AB12345"));
  });

  test("make and model in title case; short names without a vowel and names with digits stay in capitals", () => {
    const cases = {
      VOLKSWAGEN: "Volkswagen",
      "MERCEDES-BENZ": "Mercedes-Benz",
      BMW: "BMW",
      KIA: "Kia",
      "ID.4": "ID.4",
      XC60: "XC60",
      "MODEL  Y": "Model Y",
      "C-HR": "C-HR",
      "LAND ROVER": "Land Rover",
    };
    for (const [given, shown] of Object.entries(cases)) assert.equal(titleCase(given), shown, given);
  });

  test("no key: no endpoint and nothing looked up; a wrong SVV_API_URL stops the start naming it", async () => {
    const config = { serverURL: "https://admin.bulkeklinikken.test", collections: [] } as unknown as Config;
    const paths = async (env: Record<string, string>) =>
      ((await bulkeklinikken({ siteOrigin: SITE_ORIGIN, env })(config)).endpoints || []).map((e) => e.path);
    assert.ok(!(await paths({})).includes("/vehicle"));
    assert.deepEqual(
      (await paths({ SVV_API_KEY: "k" })).filter((p) => !(p as string).startsWith("/sak")),
      ["/inquiry", "/vehicle", "/booking/times", "/health"],
    );
    assert.equal(vehicleSettings({}), undefined);
    assert.equal(vehicleSettings({ SVV_API_KEY: "  " }), undefined);
    assert.equal(vehicleSettings({ SVV_API_KEY: "k" })?.url.startsWith("https://akfell-datautlevering"), true);
    assert.throws(() => vehicleSettings({ SVV_API_KEY: "k", SVV_API_URL: "ftp://x" }), /SVV_API_URL/);
    assert.throws(() => vehicleSettings({ SVV_API_KEY: "k", SVV_API_URL: "nei" }), /SVV_API_URL/);
    assert.throws(() => vehicleSettings({ SVV_API_KEY: "k", SVV_API_URL: "http://svv.example/x" }), /https/);
    assert.ok(vehicleSettings({ SVV_API_KEY: "k", SVV_API_URL: "http://127.0.0.1:9/x" }));
  });
});

const settings = () => ({ key: svv.key, url: svv.url });
const fresh = () => {
  svv.calls.length = 0;
  svv.delayMs = 0;
};

const LOOKUPS: Record<string, () => Promise<void>> = {
  "one call per plate a day: the car and 'no such plate' are kept, a plate asked twice at once waits for one call":
    async () => {
      fresh();
      let now = Date.now();
      const register = vehicleRegister(settings(), { now: () => now });
      const { logger: log } = logger();
      const [a, b] = await Promise.all([register.lookUp(PLATES.golf, log), register.lookUp(PLATES.golf, log)]);
      assert.deepEqual(a, { kind: "found", vehicle: GOLF });
      assert.deepEqual(b, a);
      assert.deepEqual(await register.lookUp(PLATES.unknown, log), { kind: "unknown" });
      await register.lookUp(PLATES.golf, log);
      await register.lookUp(PLATES.unknown, log);
      assert.deepEqual(svv.calls, [PLATES.golf, PLATES.unknown]);
      now += CACHE_MS + 1;
      await register.lookUp(PLATES.golf, log);
      assert.deepEqual(svv.calls, [PLATES.golf, PLATES.unknown, PLATES.golf]);
    },

  "a failed call is 'not known now', kept for nothing, and the service is left alone a while": async () => {
    fresh();
    let now = Date.now();
    const register = vehicleRegister(settings(), { now: () => now });
    const { logger: log, lines } = logger();
    assert.deepEqual(await register.lookUp(PLATES.down, log), { kind: "unavailable", retryAfterMs: PAUSE_MS });
    assert.deepEqual(await register.lookUp(PLATES.golf, log), { kind: "unavailable", retryAfterMs: PAUSE_MS });
    assert.deepEqual(svv.calls, [PLATES.down], "nothing is asked while the service is left alone");
    now += PAUSE_MS + 1;
    assert.equal((await register.lookUp(PLATES.golf, log)).kind, "found");
    assert.match(lines.map((l) => l.text).join("\n"), /answered 500/);
  },

  "a spent quota and a refused key leave the service alone longer, and the log says which": async () => {
    fresh();
    let now = Date.now();
    const register = vehicleRegister(settings(), { now: () => now });
    const { logger: log, lines } = logger();
    assert.equal((await register.lookUp(PLATES.quotaSpent, log)).kind, "unavailable");
    now += PAUSE_MS + 1;
    assert.deepEqual(
      await register.lookUp(PLATES.golf, log),
      { kind: "unavailable", retryAfterMs: LONG_PAUSE_MS - PAUSE_MS - 1 },
      "not asked, and said when it will be",
    );
    now += LONG_PAUSE_MS;
    assert.equal((await register.lookUp(PLATES.golf, log)).kind, "found");
    assert.deepEqual(svv.calls, [PLATES.quotaSpent, PLATES.golf]);

    const wrongKey = vehicleRegister({ key: "not-the-key", url: svv.url });
    assert.equal((await wrongKey.lookUp(PLATES.golf, log)).kind, "unavailable");
    const refused = lines.find((l) => l.level === "error");
    assert.match(refused?.text ?? "", /refused SVV_API_KEY/);
    assert.ok(
      lines.every((l) => !l.text.includes(svv.key) && !l.text.includes("not-the-key")),
      "no key is logged",
    );
  },

  "a 404 from the service (a wrong SVV_API_URL) is 'not known now', never 'no such plate', and is logged": async () => {
    fresh();
    const register = vehicleRegister({ key: svv.key, url: `${svv.url}-feil` });
    const { logger: log, lines } = logger();
    assert.equal((await register.lookUp(PLATES.golf, log)).kind, "unavailable");
    assert.match(lines.map((l) => l.text).join("\n"), /answered 404/);
  },

  "a redirect is not followed: the key goes nowhere else, and the plate is 'not known now'": async () => {
    fresh();
    svv.redirectedKeys.length = 0;
    const register = vehicleRegister(settings());
    const { logger: log, lines } = logger();
    assert.equal((await register.lookUp(PLATES.redirected, log)).kind, "unavailable");
    assert.deepEqual(svv.redirectedKeys, [], "nothing arrived where the redirect pointed");
    assert.match(lines.map((l) => l.text).join("\n"), /answered 302/);
  },

  "a date that is no day is left out, never stored": async () => {
    const odd = answerFor({ ...GOLF, firstRegistered: "2017-13-01", euControlDeadline: "2027-02-30" });
    const car = vehicleFrom(odd, PLATES.golf);
    assert.equal(car?.firstRegistered, "");
    assert.equal(car?.euControlDeadline, "");
    assert.equal(vehicleLine(car!), "Volkswagen Golf, grå", "the line leaves the unknown year out");
  },

  "an IPv6 client counts by its /64 network, whatever address of it it uses": async () => {
    assert.equal(network64("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
    assert.equal(network64("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
    assert.equal(network64("2001:db8::1"), "2001:db8:0:0::/64");
    assert.equal(network64("::1"), "0:0:0:0::/64");
  },

  "a slow service: the call gives up in time, and a quote waits even less": async () => {
    fresh();
    const register = vehicleRegister(settings());
    const { logger: log } = logger();
    let started = Date.now();
    assert.equal((await register.lookUp(PLATES.slow, log, { waitMs: QUOTE_LOOKUP_WAIT_MS })).kind, "unavailable");
    assert.ok(Date.now() - started < QUOTE_LOOKUP_WAIT_MS + 1000, "the quote waited at most its limit");
    started = Date.now();
    const other = vehicleRegister(settings());
    assert.equal((await other.lookUp(PLATES.slow, log)).kind, "unavailable");
    assert.ok(Date.now() - started < SERVICE_TIMEOUT_MS + 1000, "the call gave up at its timeout");
  },

  "one client address gets PER_CLIENT_HOURLY calls an hour; the form's all together leave QUOTE_RESERVE of HOURLY to quotes":
    async () => {
      let now = Date.now();
      let calls = 0;
      const unknown = async () => {
        calls++;
        return new Response(null, { status: 204 });
      };
      const register = vehicleRegister(settings(), { fetch: unknown, now: () => now });
      const { logger: log } = logger();
      const plate = (n: number) => `AB${String(10000 + n)}`;
      for (let n = 0; n < PER_CLIENT_HOURLY; n++) {
        assert.equal((await register.lookUp(plate(n), log, { client: "203.0.113.7" })).kind, "unknown");
      }
      const limited = await register.lookUp(plate(999), log, { client: "203.0.113.7" });
      assert.equal(limited.kind, "limited");
      assert.ok(limited.kind === "limited" && limited.retryAfterMs > 0 && limited.retryAfterMs <= 3_600_000);
      // what it asked before stays free, and another address is not held back
      assert.equal((await register.lookUp(plate(0), log, { client: "203.0.113.7" })).kind, "unknown");
      assert.equal((await register.lookUp(plate(999), log, { client: "198.51.100.1" })).kind, "unknown");
      for (let n = calls; n < HOURLY - QUOTE_RESERVE; n++)
        await register.lookUp(plate(1000 + n), log, { client: `10.0.${n >> 8}.${n & 255}` });
      assert.equal(calls, HOURLY - QUOTE_RESERVE);
      const fromForm = await register.lookUp(plate(4999), log, { client: "192.0.2.1" });
      assert.equal(fromForm.kind, "unavailable", "the form's share of the hour is spent");
      assert.equal((await register.lookUp(plate(4999), log)).kind, "unknown", "a quote still gets its car");
      for (let n = calls; n < HOURLY; n++) await register.lookUp(plate(6000 + n), log);
      assert.equal(calls, HOURLY);
      assert.equal((await register.lookUp(plate(5000), log)).kind, "unavailable", "the hour's calls are spent");
      assert.equal(calls, HOURLY);
      assert.ok(HOURLY * 24 < 50_000, "a day of full hours stays within the key's daily quota");
      now = (Math.floor(now / 3_600_000) + 1) * 3_600_000;
      assert.equal((await register.lookUp(plate(5000), log, { client: "203.0.113.7" })).kind, "unknown");
    },
};

describe("the look-ups", () => {
  for (const [title, run] of Object.entries(LOOKUPS)) test(title, run);
});

const WORKSHOP = "verksted@bulkeklinikken.test";
let box: Mailbox;
let host: AdminHost;
/** every answer's status line, headers and body, to look for the key in */
const heard: string[] = [];

const lookUp = async (on: AdminHost, typed: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${on.origin}/api/vehicle?regNumber=${encodeURIComponent(typed)}`, {
    headers: { Origin: SITE_ORIGIN, ...headers },
  });
  const body = await response.text();
  heard.push(`${response.status} ${JSON.stringify([...response.headers])} ${body}`);
  return {
    status: response.status,
    headers: response.headers,
    body: body ? (JSON.parse(body) as unknown) : undefined,
  };
};

const photo = uploadPhoto;

async function sendQuote(on: AdminHost, regNumber: string, email: string) {
  const body = {
    Inquiry: {
      UserId: "nettside",
      RegNumber: regNumber,
      PhoneNumber: "+47 912 34 567",
      Email: email,
      Message: "",
      State: "NEW",
    },
    damageRequests: [{ Images: [await photo(on)] }],
  } satisfies InquiryRequest;
  const started = Date.now();
  const response = await fetch(`${on.origin}/api/inquiry`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
    body: JSON.stringify(body),
  });
  heard.push(await response.clone().text());
  assert.equal(response.status, 201, await response.text());
  const { docs } = await on.payload.find({
    collection: "inquiries",
    where: { email: { equals: email } },
    overrideAccess: true,
  });
  return { quote: docs[0]!, ms: Date.now() - started };
}

const ON_PAYLOAD: Record<string, () => void | Promise<void>> = {
  "GET /api/vehicle answers the car to the site, with CORS, as typed with spaces or a dash": async () => {
    svv.calls.length = 0;
    const car = await lookUp(host, "ek 39085");
    assert.equal(car.status, 200);
    assert.deepEqual(car.body, { found: true, vehicle: GOLF });
    assert.equal(car.headers.get("access-control-allow-origin"), SITE_ORIGIN);
    assert.deepEqual((await lookUp(host, "EK-39085")).body, car.body);
    assert.deepEqual(svv.calls, [PLATES.golf], "asked once");
    assert.deepEqual((await lookUp(host, PLATES.unknown)).body, { found: false });
  },

  "a number that is not a usual plate is refused with a reason, and nothing is asked": async () => {
    svv.calls.length = 0;
    for (const typed of ["", "HELLO", "AB123", "AB1234567", "x".repeat(5000)]) {
      const answer = await lookUp(host, typed);
      assert.equal(answer.status, 400, typed);
      assert.match(JSON.stringify(answer.body), /Ugyldig registreringsnummer/);
    }
    assert.deepEqual(svv.calls, []);
  },

  "one address asking too often gets 429 with Retry-After; the others still get theirs": async () => {
    const from = (address: string) => ({ "X-Forwarded-For": `10.9.9.9, ${address}` });
    for (let n = 0; n < PER_CLIENT_HOURLY; n++) {
      assert.deepEqual((await lookUp(host, `ZZ${20000 + n}`, from("198.51.100.23"))).body, { found: false });
    }
    const limited = await lookUp(host, "ZZ29999", from("198.51.100.23"));
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    assert.match(JSON.stringify(limited.body), /For mange oppslag/);
    // the address is the last the proxies added: what the client put before it counts for nothing
    assert.equal((await lookUp(host, "ZZ29999", from("198.51.100.24"))).status, 200);
    assert.equal((await lookUp(host, PLATES.golf, from("198.51.100.23"))).status, 200, "a kept answer is free");
  },

  "each quote is stored with its car, and the workshop's e-mail names it with the EU-kontroll deadline": async () => {
    const { quote } = await sendQuote(host, "EK 39085", "golf@eksempel.no");
    assert.deepEqual(
      { ...(quote as unknown as { vehicle: Record<string, unknown> }).vehicle },
      {
        lookup: "found",
        plate: "EK 39085",
        make: "Volkswagen",
        model: "Golf",
        colour: "grå",
        firstRegistered: "2017-03-01T12:00:00.000Z",
        euControlDeadline: "2027-03-31T12:00:00.000Z",
      },
    );
    const mail = await waitFor(
      "the workshop's e-mail",
      () => box.to(WORKSHOP).find((m) => m.text?.includes("golf@eksempel.no")),
      20_000,
    );
    assert.match(mail.text ?? "", /Bil: Volkswagen Golf, grå, 2017 \(kilde: Statens vegvesen\)/);
    assert.match(mail.text ?? "", /Frist for EU-kontroll: 31\. mars 2027/);
    assert.match(mail.html || "", /Volkswagen Golf, grå, 2017/);
  },

  "the service down is a 503 with Retry-After, never a 4xx": async () => {
    svv.calls.length = 0;
    const answer = await lookUp(host, PLATES.down);
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get("retry-after"), String(PAUSE_MS / 1000), "asked again after the pause");
    assert.deepEqual(svv.calls, [PLATES.down], "the service was asked, and failed");
  },

  "an unknown plate, a personalised one, and the service left alone after failing: each quote is stored at once":
    async () => {
      const unknown = await sendQuote(host, PLATES.unknown, "ukjent@eksempel.no");
      assert.equal((unknown.quote as unknown as { vehicle: { lookup: string } }).vehicle.lookup, "unknown");
      const own = await sendQuote(host, "KARI 1", "eget-skilt@eksempel.no");
      assert.equal((own.quote as unknown as { vehicle?: { lookup?: string | null } }).vehicle?.lookup ?? null, null);
      const slow = await sendQuote(host, PLATES.slow, "treg@eksempel.no");
      assert.equal((slow.quote as unknown as { vehicle: { lookup: string } }).vehicle.lookup, "unavailable");
      assert.ok(slow.ms < QUOTE_LOOKUP_WAIT_MS + 2_000, `stored in ${slow.ms} ms`);
      const mail = await waitFor(
        "the e-mail about the unknown plate",
        () => box.to(WORKSHOP).find((m) => m.text?.includes("ukjent@eksempel.no")),
        20_000,
      );
      assert.match(mail.text ?? "", /Bil: Statens vegvesen kjenner ikke registreringsnummeret/);
    },

  "the key is in no answer and no log line": () => {
    assert.ok(heard.length > 10);
    for (const answer of heard) assert.ok(!answer.includes(svv.key), answer);
    const logged = JSON.stringify(host.logs);
    assert.ok(!logged.includes(svv.key));
    assert.ok(host.logs.every((line) => line.level < LEVEL.error || !String(line.msg).includes("SVV_API_KEY")));
  },
};

describe("on the workshop's Payload", () => {
  before(async () => {
    box = await startMailbox();
    const mail = {
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(box.port),
      SMTP_SECURE: "false",
      WORKSHOP_EMAIL: WORKSHOP,
    };
    host = await startAdminHost({ ...mail, SVV_API_KEY: svv.key, SVV_API_URL: svv.url });
  });
  after(async () => {
    await host?.close();
    await box?.stop();
  });
  for (const [title, run] of Object.entries(ON_PAYLOAD)) test(title, run);
});
