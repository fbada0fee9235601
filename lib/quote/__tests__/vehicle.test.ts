/**
 * The look-up of the car behind a plate (lib/quote/vehicle.ts) on its own,
 * with a fake admin host and fake timers: the request it sends, when it sends
 * one, what it keeps, and what it shows nothing for.
 */
import { GOLF as golf } from "@/testing/vehicles";
import { VEHICLE_PAUSE_MS, VEHICLE_TIMEOUT_MS, VehicleLookup, vehicleUrl } from "../vehicle";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A request the host never answers: it ends only when its signal aborts. */
const hanging = (init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
  });

/** The admin host: each request's url and signal kept; `reply` answers it (the car, by default). */
function fakeHost(
  reply: (plate: string, init?: RequestInit) => Response | Promise<Response> = () =>
    json(200, { found: true, vehicle: golf }),
) {
  const requests: { url: string; plate: string; signal: AbortSignal }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const plate = new URL(url).searchParams.get("regNumber")!;
    requests.push({ url, plate, signal: init!.signal! });
    return reply(plate, init);
  });
  const lookup = new VehicleLookup({ fetch, host: () => "https://admin.example" });
  const asked = () => requests.map((r) => r.plate);
  return { lookup, requests, asked };
}

/** Lets timers and answers run: `ms` of fake time, and every promise they settle. */
const pass = (ms = 0) => jest.advanceTimersByTimeAsync(ms);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("the url is the admin host's /api/vehicle with the plate as regNumber", async () => {
  const { lookup, requests } = fakeHost();
  expect(vehicleUrl("EK39085", "https://admin.example")).toBe("https://admin.example/api/vehicle?regNumber=EK39085");
  lookup.typed("ek-39085");
  await pass();
  expect(requests.map((r) => r.url)).toEqual(["https://admin.example/api/vehicle?regNumber=EK39085"]);
  expect(lookup.answerFor("EK39085")).toEqual({ found: true, vehicle: golf });
});

test("nothing is asked for text that is not a plate of the usual shape", async () => {
  const { lookup, asked } = fakeHost();
  for (const text of ["", "E", "EK", "EK 3", "EK 390", "EK 390851", "E 39085", "EKL 3908", "CD 12345 X", "BMW M3"]) {
    lookup.typed(text);
  }
  await pass(VEHICLE_PAUSE_MS * 3);
  expect(asked()).toEqual([]);
});

test("a plate of five digits is asked for at once, one of four only after a pause in the typing", async () => {
  const { lookup, asked } = fakeHost();
  lookup.typed("AB 1234");
  await pass(VEHICLE_PAUSE_MS - 100);
  lookup.typed("AB 12 34"); // still typing: the pause starts again
  await pass(VEHICLE_PAUSE_MS - 100);
  expect(asked()).toEqual([]);
  await pass(100);
  expect(asked()).toEqual(["AB1234"]);

  lookup.typed("CD12345");
  await pass();
  expect(asked()).toEqual(["AB1234", "CD12345"]);
});

test("a plate of four digits that grows to five before the pause is asked for once, as five", async () => {
  const { lookup, asked } = fakeHost();
  lookup.typed("AB1234");
  await pass(200);
  lookup.typed("AB12345");
  await pass(VEHICLE_PAUSE_MS * 2);
  expect(asked()).toEqual(["AB12345"]);
});

test("each answer, the car or no such plate, is kept: a plate is asked for once", async () => {
  const { lookup, asked } = fakeHost((plate) =>
    plate === "EK39085" ? json(200, { found: true, vehicle: golf }) : json(200, { found: false }),
  );
  const notified = jest.fn();
  lookup.subscribe(notified);
  for (const text of ["EK39085", "XY98765", "EK 39085", "EK39085", "XY-98765"]) {
    lookup.typed(text);
    await pass();
  }
  expect(asked()).toEqual(["EK39085", "XY98765"]);
  expect(lookup.answerFor("XY98765")).toEqual({ found: false });
  expect(notified).toHaveBeenCalledTimes(2);
});

test("typing on cancels the request before it; the same plate written another way keeps it", async () => {
  const { lookup, requests } = fakeHost((_, init) => hanging(init));
  lookup.typed("EK39085");
  lookup.typed("EK 39085");
  expect(requests).toHaveLength(1);
  expect(requests[0]!.signal.aborted).toBe(false);
  lookup.typed("EK390851");
  expect(requests[0]!.signal.aborted).toBe(true);
  lookup.typed("EK39086");
  lookup.typed("EK3908");
  expect(requests.map((r) => [r.plate, r.signal.aborted])).toEqual([
    ["EK39085", true],
    ["EK39086", true],
  ]);
});

test("an answer that comes after the visitor typed on is not kept", async () => {
  let answer!: (response: Response) => void;
  const { lookup, asked } = fakeHost(() => new Promise((resolve) => (answer = resolve))); // deaf to the signal
  lookup.typed("EK39085");
  lookup.typed("EK3908");
  answer(json(200, { found: true, vehicle: golf }));
  await pass();
  expect(lookup.answerFor("EK39085")).toBeUndefined();
  lookup.typed("EK39085"); // not known: asked again
  expect(asked()).toEqual(["EK39085", "EK39085"]);
});

test("no answer in time: the request is given up, nothing is kept, and the plate may be asked for again", async () => {
  // a host that answers the car a second too late, deaf to the signal
  const late = () =>
    new Promise<Response>((resolve) =>
      setTimeout(() => resolve(json(200, { found: true, vehicle: golf })), VEHICLE_TIMEOUT_MS + 1_000),
    );
  const { lookup, requests, asked } = fakeHost(late);
  lookup.typed("EK39085");
  await pass(VEHICLE_TIMEOUT_MS);
  expect(requests[0]!.signal.aborted).toBe(true);
  await pass(2_000);
  expect(lookup.answerFor("EK39085")).toBeUndefined();
  lookup.typed("EK39085");
  expect(asked()).toEqual(["EK39085", "EK39085"]);
});

test.each([
  ["a refusal", () => json(400, {})],
  ["too many look-ups", () => json(429, {})],
  ["a busy service", () => json(503, {})],
  ["a failing host", () => json(500, { found: true, vehicle: golf })],
  ["no connection", () => Promise.reject(new TypeError("Failed to fetch"))],
  ["an answer that is not JSON", () => new Response("<html>", { status: 200 })],
  ["an answer of another shape", () => json(200, { found: true })],
  ["a car without its make", () => json(200, { found: true, vehicle: { ...golf, make: undefined } })],
])("%s: nothing is kept, and the next plate is asked for", async (_, reply) => {
  const { lookup, asked } = fakeHost(reply);
  lookup.typed("EK39085");
  await pass();
  expect(lookup.answerFor("EK39085")).toBeUndefined();
  lookup.typed("XY98765");
  await pass();
  expect(asked()).toEqual(["EK39085", "XY98765"]);
});

test("a host that answers 404 has no look-up: nothing more is asked for the page's life", async () => {
  const { lookup, asked } = fakeHost(() => json(404, {}));
  lookup.typed("EK39085");
  await pass();
  for (const text of ["XY98765", "AB1234", "EK39085"]) {
    lookup.typed(text);
    await pass(VEHICLE_PAUSE_MS * 2);
  }
  expect(asked()).toEqual(["EK39085"]);
});

test("cancel ends a pause and a request in flight", async () => {
  const { lookup, requests, asked } = fakeHost((_, init) => hanging(init));
  lookup.typed("EK39085");
  lookup.cancel();
  expect(requests[0]!.signal.aborted).toBe(true);
  lookup.typed("AB1234");
  lookup.cancel();
  await pass(VEHICLE_PAUSE_MS * 2);
  expect(asked()).toEqual(["EK39085"]);
});
