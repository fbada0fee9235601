import { ADDRESS_LOGIN_FAILURES, LOGIN_LOCK_MS, loginLimit, MAX_LOGIN_ATTEMPTS } from "../login-limit";

const STRANGER = "198.51.100.7";
const WORKSHOP = "203.0.113.20";
const STAFF = "sjef@bulkeklinikken.test";

test("a stranger's wrong passwords refuse the stranger, not the staff member at the workshop's address", () => {
  let clock = 0;
  const limit = loginLimit(() => clock);
  for (let i = 0; i < MAX_LOGIN_ATTEMPTS - 1; i++) limit.failed(STAFF, STRANGER);
  expect(limit.refusedFor(STAFF, STRANGER)).toBeUndefined();
  limit.failed(STAFF, STRANGER);
  expect(limit.refusedFor(STAFF, STRANGER)).toBe(LOGIN_LOCK_MS);
  expect(limit.refusedFor(STAFF, WORKSHOP)).toBeUndefined();
  clock += LOGIN_LOCK_MS;
  expect(limit.refusedFor(STAFF, STRANGER)).toBeUndefined();
});

test("a right password clears its account's count at its address", () => {
  const limit = loginLimit(() => 0);
  for (let i = 0; i < MAX_LOGIN_ATTEMPTS - 1; i++) limit.failed(STAFF, WORKSHOP);
  limit.succeeded(STAFF, WORKSHOP);
  limit.failed(STAFF, WORKSHOP);
  expect(limit.refusedFor(STAFF, WORKSHOP)).toBeUndefined();
});

test("an address guessing at many accounts is refused for every login, whichever account it names next", () => {
  const limit = loginLimit(() => 0);
  for (let i = 0; i < ADDRESS_LOGIN_FAILURES; i++) limit.failed(`ansatt-${i}@bulkeklinikken.test`, STRANGER);
  expect(limit.refusedFor(STAFF, STRANGER)).toBe(LOGIN_LOCK_MS);
  expect(limit.refusedFor(STAFF, WORKSHOP)).toBeUndefined();
});

test("wrong passwords spread wider than the span are not added up", () => {
  let clock = 0;
  const limit = loginLimit(() => clock);
  for (let i = 0; i < 2 * MAX_LOGIN_ATTEMPTS; i++) {
    limit.failed(STAFF, STRANGER);
    limit.succeeded(STAFF, STRANGER);
    clock += LOGIN_LOCK_MS / 2;
  }
  for (let i = 0; i < ADDRESS_LOGIN_FAILURES - 1; i++) {
    limit.failed(`ansatt-${i}@bulkeklinikken.test`, STRANGER);
    clock += LOGIN_LOCK_MS;
  }
  expect(limit.refusedFor(STAFF, STRANGER)).toBeUndefined();
});
