import { addressLimit } from "../address-limit";

test("one address gets its calls in a window, then waits for the next; another address has its own", () => {
  let clock = 60_000 * 10 + 15_000;
  const limit = addressLimit({ perWindow: 3, windowMs: 60_000, now: () => clock });
  for (let i = 0; i < 3; i++) expect(limit.take("198.51.100.7")).toBeUndefined();
  expect(limit.take("198.51.100.7")).toEqual({ retryAfterMs: 45_000 });
  expect(limit.take("203.0.113.9")).toBeUndefined();
  clock += 45_000;
  expect(limit.take("198.51.100.7")).toBeUndefined();
});
