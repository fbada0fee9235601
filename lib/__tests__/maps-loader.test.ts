import { loadMapLibraries, type MapsLoader } from "../maps/loader";
import { loadWithRetry, retryDelay } from "../maps/retry";

class FakeMap {}
class FakeMarker {}

/** A loader that fails the first `failures` loads (both libraries of a try fail together, as one script tag). */
function fakeLoader(failures: number) {
  let tries = 0;
  const loader = {
    setOptions: jest.fn(),
    importLibrary: jest.fn(async (name: "maps" | "marker") => {
      if (name === "maps") tries += 1;
      if (tries <= failures) throw new Error("The Google Maps JavaScript API could not load.");
      return name === "maps" ? { Map: FakeMap } : { Marker: FakeMarker };
    }),
  };
  return { loader: loader as unknown as MapsLoader & typeof loader, tries: () => tries };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

describe("loadWithRetry", () => {
  it("waits longer before each new try: 1 s, 2 s, then 4 s", () => {
    expect(retryDelay(1)).toBe(0);
    expect(retryDelay(2)).toBe(1000);
    expect(retryDelay(3)).toBe(2000);
    expect(retryDelay(4)).toBe(4000);
    expect(retryDelay(3, 50)).toBe(100);
  });

  it("succeeds on the first try without waiting", async () => {
    const { waits, sleep } = recordingSleep();
    const load = jest.fn().mockResolvedValue("map");
    await expect(loadWithRetry(load, { sleep })).resolves.toEqual({ status: "ready", value: "map", attempts: 1 });
    expect(waits).toEqual([]);
  });

  it("fails after four tries (three retries), never throwing", async () => {
    const { waits, sleep } = recordingSleep();
    const load = jest.fn().mockRejectedValue(new Error("offline"));
    await expect(loadWithRetry(load, { sleep })).resolves.toEqual({ status: "failed", attempts: 4 });
    expect(load).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("waits for real between tries", async () => {
    const started = Date.now();
    const load = jest.fn().mockRejectedValueOnce(new Error("x")).mockResolvedValue("ok");
    const result = await loadWithRetry(load, { baseDelayMs: 30 });
    expect(result.status).toBe("ready");
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});

describe("loadMapLibraries with a fake loader", () => {
  it("fails three times, then succeeds on the fourth and last try", async () => {
    const { loader, tries } = fakeLoader(3);
    const { waits, sleep } = recordingSleep();
    const result = await loadMapLibraries(loader, { key: "test-key" }, { sleep });
    expect(result).toEqual({ status: "ready", value: { Map: FakeMap, Marker: FakeMarker }, attempts: 4 });
    expect(tries()).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("always failing: gives up after four tries with a failed result (the caller shows the fallback)", async () => {
    const { loader, tries } = fakeLoader(Infinity);
    const { waits, sleep } = recordingSleep();
    const result = await loadMapLibraries(loader, { key: "test-key" }, { sleep });
    expect(result).toEqual({ status: "failed", attempts: 4 });
    expect(tries()).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("sets the key and Norwegian language once, however often it loads", async () => {
    const { loader } = fakeLoader(0);
    await loadMapLibraries(loader, { key: "test-key" });
    await loadMapLibraries(loader, { key: "test-key" });
    expect(loader.setOptions).toHaveBeenCalledTimes(1);
    expect(loader.setOptions).toHaveBeenCalledWith({ key: "test-key", language: "no", region: "NO" });
  });
});
