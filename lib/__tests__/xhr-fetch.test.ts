/**
 * `xhrFetch`, the upload's fetch over XMLHttpRequest, against a small fake
 * XMLHttpRequest put on globalThis (the test environment has none): byte
 * progress reported, the answer mapped to a Response as fetch's, an abort
 * through the signal and a network error rejected as fetch rejects them.
 */
import { ApiError } from "../api/transport";
import { uploadMedia, xhrFetch } from "../quote/transport";

jest.mock("../config", () => jest.requireActual("./fixtures/api-config"));

type Progress = { lengthComputable: boolean; loaded: number; total: number };

/** Just what xhrFetch uses of XMLHttpRequest; the test drives each request's events. */
class FakeXHR {
  static made: FakeXHR[] = [];
  method = "";
  url = "";
  headers: [string, string][] = [];
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  responseText = "";
  rawHeaders = "";
  upload: { onprogress: ((event: Progress) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXHR.made.push(this);
  }
  open(method: string, url: string) {
    Object.assign(this, { method, url });
  }
  setRequestHeader(name: string, value: string) {
    this.headers.push([name, value]);
  }
  send(body: unknown) {
    Object.assign(this, { body, sent: true });
  }
  getAllResponseHeaders() {
    return this.rawHeaders;
  }
  /** as the browser does: the request stops and `abort` fires */
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  // what the network does, driven by the test
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  answer(status: number, rawHeaders: string, body: string) {
    Object.assign(this, { status, rawHeaders, responseText: body });
    this.onload?.();
  }
}

const original = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
beforeEach(() => {
  FakeXHR.made = [];
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXHR;
});
afterEach(() => {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = original;
});

/** The one request made so far, once it has been sent. */
const sent = () => {
  expect(FakeXHR.made).toHaveLength(1);
  const xhr = FakeXHR.made[0]!;
  expect(xhr.sent).toBe(true);
  return xhr;
};

test("sends the method, url, headers and body as given, and reports the bytes sent when they are known", async () => {
  const progress: [number, number][] = [];
  const body = new FormData();
  body.append("_payload", "{}");
  const answer = xhrFetch((loaded, total) => progress.push([loaded, total]))("https://admin.example/api/media", {
    method: "POST",
    headers: { Accept: "application/json" },
    body,
  });
  const xhr = sent();
  expect([xhr.method, xhr.url, xhr.body]).toEqual(["POST", "https://admin.example/api/media", body]);
  expect(xhr.headers).toEqual([["accept", "application/json"]]);
  xhr.progress(0, 2000);
  xhr.progress(1000, 2000);
  xhr.progress(5, 0, false); // a size the browser cannot tell is not reported
  xhr.progress(2000, 2000);
  xhr.answer(201, "", "{}");
  await answer;
  expect(progress).toEqual([
    [0, 2000],
    [1000, 2000],
    [2000, 2000],
  ]);
});

test("the answer is a Response as fetch gives it: status, ok, headers, body", async () => {
  const answer = xhrFetch(() => {})("/api/media", { method: "POST" });
  sent().answer(
    503,
    "content-type: application/json; charset=utf-8\r\nretry-after: 2\r\nx-many: a\r\nx-many: b\r\n",
    '{"error":"opptatt"}',
  );
  const response = await answer;
  expect(response).toBeInstanceOf(Response);
  expect([response.status, response.ok]).toEqual([503, false]);
  expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("Retry-After")).toBe("2");
  expect(response.headers.get("X-Many")).toBe("a, b");
  expect(await response.json()).toEqual({ error: "opptatt" });

  const empty = xhrFetch(() => {})("/x");
  FakeXHR.made[1]!.answer(204, "", "");
  const noContent = await empty;
  expect([noContent.status, noContent.ok, await noContent.text()]).toEqual([204, true, ""]);
});

test("uploadMedia over it answers the stored image, and an error answer's Retry-After reaches ApiError", async () => {
  const file = new Blob([new Uint8Array(10)], { type: "image/jpeg" });
  const ok = uploadMedia(
    file,
    "img_a.jpg",
    xhrFetch(() => {}),
  );
  sent().answer(
    201,
    "content-type: application/json",
    '{"doc":{"filename":"img_a.jpg","url":"/api/media/file/img_a.jpg"}}',
  );
  await expect(ok).resolves.toEqual({ filename: "img_a.jpg", url: "https://admin.example/api/media/file/img_a.jpg" });

  const busy = uploadMedia(
    file,
    "img_b.jpg",
    xhrFetch(() => {}),
  );
  FakeXHR.made[1]!.answer(503, "Retry-After: 3", "{}");
  await expect(busy).rejects.toMatchObject({ name: "ApiError", status: 503, retryAfterMs: 3000 });
});

test("an abort through the signal stops the request and rejects with an AbortError, as fetch does", async () => {
  const controller = new AbortController();
  const answer = xhrFetch(() => {})("/api/media", { method: "POST", signal: controller.signal });
  const xhr = sent();
  controller.abort();
  expect(xhr.aborted).toBe(true);
  await expect(answer).rejects.toMatchObject({ name: "AbortError" });
  await expect(answer).rejects.toBeInstanceOf(DOMException);

  // the signal's own reason, when it has one (the pipeline's time limit)
  const timed = new AbortController();
  const late = xhrFetch(() => {})("/api/media", { signal: timed.signal });
  timed.abort(new Error("tidsavbrudd"));
  await expect(late).rejects.toThrow("tidsavbrudd");

  // an already aborted signal: nothing is sent at all
  const before = FakeXHR.made.length;
  await expect(xhrFetch(() => {})("/api/media", { signal: AbortSignal.abort() })).rejects.toMatchObject({
    name: "AbortError",
  });
  expect(FakeXHR.made).toHaveLength(before);
});

test("no answer at all (a network error, a time-out, status 0) rejects with a TypeError, as fetch does", async () => {
  const failures: ((xhr: FakeXHR) => void)[] = [
    (xhr) => xhr.onerror?.(),
    (xhr) => xhr.ontimeout?.(),
    (xhr) => xhr.answer(0, "", ""), // what a refused cross-origin answer looks like
  ];
  for (const fail of failures) {
    FakeXHR.made = [];
    const answer = xhrFetch(() => {})("/api/media", { method: "POST" });
    fail(sent());
    await expect(answer).rejects.toBeInstanceOf(TypeError);
  }
  // which uploadMedia turns into "no answer": status 0, worth a retry and a lookup
  FakeXHR.made = [];
  const upload = uploadMedia(
    new Blob(["x"]),
    "img_c.jpg",
    xhrFetch(() => {}),
  );
  sent().onerror?.();
  const error: unknown = await upload.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(0);
});
