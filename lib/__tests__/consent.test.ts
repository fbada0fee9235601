/**
 * @jest-environment jsdom
 */
import { CONSENT_EVENT, CONSENT_STORAGE_KEY, readConsent, subscribeConsent, writeConsent } from "../consent";

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe("readConsent", () => {
  it("is unset when nothing is stored", () => {
    expect(readConsent()).toBe("unset");
  });

  it("reads granted and denied", () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, "granted");
    expect(readConsent()).toBe("granted");
    window.localStorage.setItem(CONSENT_STORAGE_KEY, "denied");
    expect(readConsent()).toBe("denied");
  });

  it("treats any other stored value as unset", () => {
    for (const junk of ["true", "yes", "GRANTED", "", '{"granted":true}']) {
      window.localStorage.setItem(CONSENT_STORAGE_KEY, junk);
      expect(readConsent()).toBe("unset");
    }
  });

  it("is unset when storage throws", () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(readConsent()).toBe("unset");
  });

  it("is unset when localStorage itself cannot be reached", () => {
    jest.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(readConsent()).toBe("unset");
  });
});

describe("writeConsent", () => {
  it("stores the choice, and unset removes it", () => {
    writeConsent("granted");
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe("granted");
    writeConsent("denied");
    expect(readConsent()).toBe("denied");
    writeConsent("unset");
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it("does not throw when storage is blocked, and still announces the change", () => {
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const seen: string[] = [];
    const stop = subscribeConsent((c) => seen.push(c));
    expect(() => writeConsent("granted")).not.toThrow();
    expect(seen).toEqual(["granted"]);
    stop();
  });
});

describe("subscribeConsent", () => {
  it("hears changes made in this tab through the samtykke-endret event", () => {
    const seen: string[] = [];
    const stop = subscribeConsent((c) => seen.push(c));
    writeConsent("granted");
    writeConsent("denied");
    writeConsent("unset");
    expect(seen).toEqual(["granted", "denied", "unset"]);
    stop();
  });

  it("hears other tabs through the storage event, for its own key only", () => {
    const seen: string[] = [];
    const stop = subscribeConsent((c) => seen.push(c));
    window.localStorage.setItem(CONSENT_STORAGE_KEY, "granted");
    window.dispatchEvent(new StorageEvent("storage", { key: CONSENT_STORAGE_KEY, newValue: "granted" }));
    window.dispatchEvent(new StorageEvent("storage", { key: "something-else", newValue: "x" }));
    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
    expect(seen).toEqual(["granted", "unset"]);
    stop();
  });

  it("reads storage when the event carries no valid detail", () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, "denied");
    const seen: string[] = [];
    const stop = subscribeConsent((c) => seen.push(c));
    window.dispatchEvent(new Event(CONSENT_EVENT));
    expect(seen).toEqual(["denied"]);
    stop();
  });

  it("stops listening when unsubscribed", () => {
    const callback = jest.fn();
    const stop = subscribeConsent(callback);
    stop();
    writeConsent("granted");
    window.dispatchEvent(new StorageEvent("storage", { key: CONSENT_STORAGE_KEY }));
    expect(callback).not.toHaveBeenCalled();
  });
});
