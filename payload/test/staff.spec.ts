/**
 * The workshop's staff on a real Payload with the plugin (../staff.ts), over
 * HTTP: on a public host (serverURL `https://admin.bulkeklinikken.test`, the
 * server still on 127.0.0.1) nobody registers the first user, on this
 * machine the first visit does; a password shorter than 12 characters is
 * refused wherever one is set; the login cookie is `Secure` on https; five
 * wrong passwords refuse that login from the address that typed them.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Config } from "payload";
import { bulkeklinikken } from "../plugin";
import { LOGIN_LOCK_MS, MAX_LOGIN_ATTEMPTS } from "../staff";
import { SITE_ORIGIN, startAdminHost, STAFF, type AdminHost } from "./harness";

// each fresh host in this process gets its tables (Payload's SQLite push skips a schema it pushed once in the process)
process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = "true";

const PUBLIC = "https://admin.bulkeklinikken.test";
const SHORT = "elleve-tegn"; // 11
const LONG = "tolv-tegn-ok"; // 12

let publicHost: AdminHost;
let localHost: AdminHost;
before(async () => {
  publicHost = await startAdminHost({}, { serverURL: PUBLIC });
  localHost = await startAdminHost({});
});
after(async () => {
  await publicHost?.close();
  await localHost?.close();
});

const post = (host: AdminHost, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${host.origin}/api/users${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const users = async (host: AdminHost) =>
  (await host.payload.find({ collection: "users", overrideAccess: true, pagination: false })).docs.map(
    (user) => user.email,
  );

/** The answer's status and the Norwegian password message, if it carries it. */
async function refusedForLength(answer: Response) {
  const text = await answer.text();
  assert.equal(answer.status, 400, text);
  assert.match(text, /Passordet må ha minst 12 tegn/);
}

test("first-register: 403 to everyone on a public host, saying how the first user is made; on this machine it makes one", async () => {
  assert.equal(LONG.length, 12);
  assert.equal(SHORT.length, 11);
  // a public host of its own, so the others keep their logged-in employee
  const emptyPublic = await startAdminHost({}, { serverURL: PUBLIC });
  const first = { email: "fremmed@example.test", password: "et-helt-greit-passord" };
  try {
    for (const host of [emptyPublic, localHost]) {
      await host.payload.delete({ collection: "users", where: { id: { exists: true } }, overrideAccess: true });
    }

    const refused = await post(emptyPublic, "/first-register", first);
    const body = await refused.text();
    assert.equal(refused.status, 403, body);
    assert.match(body, /Den første ansatte lages på serveren: npm run admin:user -- <e-post>/);
    assert.doesNotMatch(body, /token/);
    assert.equal(refused.headers.get("set-cookie"), null);
    // from another origin too, and with the site's own origin
    for (const origin of ["https://www.bulkeklinikken.test", "https://evil.example"]) {
      assert.equal((await post(emptyPublic, "/first-register", first, { Origin: origin })).status, 403);
    }
    assert.deepEqual(await users(emptyPublic), []);
  } finally {
    await emptyPublic.close();
  }

  const taken = await post(localHost, "/first-register", first);
  const made = (await taken.json()) as { token?: string };
  assert.equal(taken.status, 200, JSON.stringify(made));
  assert.ok(made.token);
  assert.deepEqual(await users(localHost), [first.email]);
});

test("a staff password has at least 12 characters: creating, first-register, changing, resetting", async () => {
  // first-register on this machine, with no user yet
  await localHost.payload.delete({ collection: "users", where: { id: { exists: true } }, overrideAccess: true });
  await refusedForLength(
    await post(localHost, "/first-register", { email: "forste@bulkeklinikken.test", password: SHORT }),
  );
  assert.deepEqual(await users(localHost), []);
  assert.equal(
    (await post(localHost, "/first-register", { email: "forste@bulkeklinikken.test", password: LONG })).status,
    200,
  );

  // a new employee, made by a logged-in one
  const staff = publicHost.staff;
  await refusedForLength(await post(publicHost, "", { email: "ny@bulkeklinikken.test", password: SHORT }, staff));
  assert.deepEqual(await users(publicHost), [STAFF.email]);
  const created = await post(publicHost, "", { email: "ny@bulkeklinikken.test", password: LONG }, staff);
  assert.equal(created.status, 201, await created.clone().text());
  const { doc } = (await created.json()) as { doc: { id: number } };

  // the server's own API holds the same rule
  await assert.rejects(
    publicHost.payload.create({ collection: "users", data: { email: "lokal@bulkeklinikken.test", password: SHORT } }),
    /password/,
  );

  // a changed password
  const change = (password: string) =>
    fetch(`${publicHost.origin}/api/users/${doc.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", ...staff },
      body: JSON.stringify({ password }),
    });
  await refusedForLength(await change(SHORT));
  assert.equal((await post(publicHost, "/login", { email: "ny@bulkeklinikken.test", password: SHORT })).status, 401);
  assert.equal((await post(publicHost, "/login", { email: "ny@bulkeklinikken.test", password: LONG })).status, 200);
  assert.equal((await change("et-annet-langt-passord")).status, 200);

  // a reset with the token forgot-password e-mails
  const token = await publicHost.payload.forgotPassword({
    collection: "users",
    data: { email: "ny@bulkeklinikken.test" },
    disableEmail: true,
  });
  await refusedForLength(await post(publicHost, "/reset-password", { token, password: SHORT }));
  assert.equal((await post(publicHost, "/login", { email: "ny@bulkeklinikken.test", password: SHORT })).status, 401);
  const reset = await post(publicHost, "/reset-password", { token, password: LONG });
  assert.equal(reset.status, 200, await reset.text());
  assert.equal((await post(publicHost, "/login", { email: "ny@bulkeklinikken.test", password: LONG })).status, 200);
});

test("the login cookie is Secure when serverURL is https:, and not on http://127.0.0.1", async () => {
  const email = "cookie@bulkeklinikken.test";
  for (const host of [publicHost, localHost]) {
    await host.payload.create({ collection: "users", data: { email, password: STAFF.password } });
  }
  const cookie = async (host: AdminHost) => {
    const answer = await post(host, "/login", { email, password: STAFF.password });
    assert.equal(answer.status, 200);
    return answer.headers.get("set-cookie") ?? "";
  };
  const secure = await cookie(publicHost);
  assert.match(secure, /^payload-token=/);
  assert.match(secure, /;\s*Secure/i);
  assert.match(secure, /;\s*HttpOnly/i);
  const plain = await cookie(localHost);
  assert.match(plain, /^payload-token=/);
  assert.doesNotMatch(plain, /;\s*Secure/i);
});

test("five wrong passwords refuse that account from that address only: the workshop's address still logs in", async () => {
  const email = "laas@bulkeklinikken.test";
  const stranger = { "X-Forwarded-For": "198.51.100.7" };
  const workshop = { "X-Forwarded-For": "203.0.113.20" };
  await publicHost.payload.create({ collection: "users", data: { email, password: STAFF.password } });
  for (let attempt = 1; attempt <= MAX_LOGIN_ATTEMPTS; attempt++) {
    const wrong = await post(publicHost, "/login", { email, password: `feil-passord-nummer-${attempt}` }, stranger);
    assert.equal(wrong.status, 401, `attempt ${attempt}`);
  }
  const refused = await post(publicHost, "/login", { email, password: STAFF.password }, stranger);
  const text = await refused.text();
  assert.equal(refused.status, 429, text);
  assert.match(text, /For mange feil passord herfra\. Prøv igjen om 10 minutter\./);
  assert.doesNotMatch(text, /token/);
  assert.equal(refused.headers.get("retry-after"), String(LOGIN_LOCK_MS / 1000));
  assert.equal((await post(publicHost, "/login", { email, password: STAFF.password }, workshop)).status, 200);
  assert.equal((await post(publicHost, "/login", STAFF, stranger)).status, 200, "another account from there");
});

test("the rules go on the app's admin user collection only, and the app's own cookie and lock settings stay", async () => {
  const apply = (app: Partial<Config>) =>
    bulkeklinikken({ siteOrigin: SITE_ORIGIN, env: {} })({ serverURL: PUBLIC, ...app } as Config);
  const auth = (config: Config, slug: string) => config.collections!.find((c) => c.slug === slug)!.auth as object;
  const app = await apply({
    admin: { user: "ansatte" },
    collections: [
      { slug: "kunder", auth: true, fields: [] },
      { slug: "ansatte", auth: true, fields: [] },
    ],
  });
  // Payload's own lock, which counts per account from anywhere, is off: the plugin's counts per address
  assert.deepEqual(auth(app, "ansatte"), { maxLoginAttempts: 0, cookies: { secure: true } });
  assert.equal(auth(app, "kunder"), true);
  const own = await apply({
    collections: [
      { slug: "users", auth: { maxLoginAttempts: 3, lockTime: 1000, cookies: { secure: false } }, fields: [] },
    ],
  });
  assert.deepEqual(auth(own, "users"), { maxLoginAttempts: 3, lockTime: 1000, cookies: { secure: false } });
});
