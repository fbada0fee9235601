/** The quote pipeline with a fake fetch and a fake compressor: the happy path and every failure path. */
import { MAX_UPLOAD_BYTES, inquirySchema, type InquiryRequest } from "../api/contract";
import { fromDraft, toDraft } from "../quote/draft";
import type { QuoteFormValues, QuoteImage } from "../quote/form";
import { MEDIA_FILENAME_PATTERN } from "../quote/filename";
import {
  createQuoteSender,
  isRetryable,
  SendState,
  sendQuote,
  type Compressor,
  type PipelineDeps,
  type PipelineEvent,
} from "../quote/pipeline";

jest.mock("../config", () => jest.requireActual("./fixtures/api-config"));

const MEDIA_URL = "https://admin.example/api/media?depth=0&fallback-locale=null";
const INQUIRY_URL = "https://api.example/inquiry";
/** Payload's find: `?where[filename][equals]=…&depth=0&limit=1` */
const FIND_URL = "https://admin.example/api/media?where%5Bfilename%5D%5Bequals%5D=";

const image = (key: string, opts: { type?: string; size?: number; name?: string } = {}): QuoteImage => ({
  key,
  file: new File([new Uint8Array(opts.size ?? 1000)], opts.name ?? `${key}.jpg`, { type: opts.type ?? "image/jpeg" }),
});

const values = (): QuoteFormValues => ({
  regNumber: "ab12345",
  email: "kari@example.no",
  phone: "+47 912 34 567",
  message: "Bulk i døra",
  damages: [
    { message: "", images: [image("a")] },
    { message: "", images: [image("b", { name: "b.png", type: "image/png" }), image("c")] },
  ],
});

/** "lost": the server stores the upload, but its answer never arrives. */
type Answer = Response | Error | "hang" | "lost";
interface Upload {
  name: string;
  payload: unknown;
  size: number;
  blob: Blob;
}

/** Payload's find (`where[filename][equals]`) over the uploads the fake network stored. */
function findAnswer(uploads: Upload[], url: string): Response {
  const name = new URL(url).searchParams.get("where[filename][equals]");
  const docs = uploads
    .filter((u) => u.name === name)
    .map((u) => ({ filename: u.name, url: `/api/media/file/${u.name}` }));
  return Response.json({ docs, totalDocs: docs.length });
}

/**
 * A fake network: answers are taken in order per endpoint; the default is
 * success. Like the preview server, it stores an inquiry once per
 * Idempotency-Key (an inquiry without one each time) and answers 201 again.
 */
function fakeNetwork() {
  const uploads: Upload[] = [];
  const inquiries: InquiryRequest[] = [];
  /** the Idempotency-Key of every POST /inquiry, in order (null: none) */
  const inquiryKeys: (string | null)[] = [];
  const storedKeys = new Set<string>();
  const mediaAnswers: (Answer | undefined)[] = [];
  const inquiryAnswers: Answer[] = [];
  const urls: string[] = [];
  let counter = 0;
  const answer = (next: Exclude<Answer, "lost"> | undefined, fallback: () => Response, signal?: AbortSignal | null) => {
    if (next === "hang") {
      return new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
    }
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve(next ?? fallback());
  };
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    if (url === MEDIA_URL) {
      const form = init!.body as FormData;
      const file = form.get("file") as File;
      const next = mediaAnswers.shift();
      if (next === "lost") {
        uploads.push({ name: file.name, payload: form.get("_payload"), size: file.size, blob: file });
        throw new TypeError("Failed to fetch");
      }
      const response = await answer(
        next,
        () => {
          counter++;
          return Response.json(
            { doc: { filename: file.name, url: `/api/media/file/${file.name}`, id: counter }, message: "ok" },
            { status: 201 },
          );
        },
        init?.signal,
      );
      if (response.ok) {
        uploads.push({ name: file.name, payload: form.get("_payload"), size: file.size, blob: file });
      }
      return response;
    }
    if (url === INQUIRY_URL) {
      const key = new Headers(init?.headers).get("Idempotency-Key");
      inquiryKeys.push(key);
      const store = () => {
        if (key !== null && storedKeys.has(key)) return;
        if (key !== null) storedKeys.add(key);
        inquiries.push(JSON.parse(String(init!.body)));
      };
      const next = inquiryAnswers.shift();
      if (next === "lost") {
        store();
        throw new TypeError("Failed to fetch");
      }
      const response = await answer(next, () => Response.json({ message: "ok" }, { status: 201 }), init?.signal);
      if (response.ok) store();
      return response;
    }
    if (url.startsWith(FIND_URL)) return findAnswer(uploads, url);
    throw new Error(`unexpected ${url}`);
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    uploads,
    inquiries,
    inquiryKeys,
    mediaAnswers,
    inquiryAnswers,
    urls,
  };
}

/** Halves the file and reports 50 then 100. */
const halvingCompressor: Compressor = async (file, onProgress) => {
  onProgress(50);
  onProgress(100);
  return new File([new Uint8Array(Math.ceil(file.size / 2))], file.name, { type: file.type });
};

function setup(overrides: Partial<PipelineDeps> = {}) {
  const net = fakeNetwork();
  const sleeps: number[] = [];
  const deps: PipelineDeps = {
    fetch: net.fetch,
    compress: async () => halvingCompressor,
    userId: "nettside-anonym",
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    concurrency: 1, // one upload at a time, so each test knows the order of calls ("two at a time" below)
    ...overrides,
  };
  const events: PipelineEvent[] = [];
  const state = new SendState();
  const { uploaded } = state;
  const run = (v = values()) => sendQuote(v, deps, state, (e) => events.push(e));
  return { net, sleeps, deps, events, state, uploaded, run };
}

const status = (code: number) => new Response(JSON.stringify({ error: "x" }), { status: code });

describe("a good send", () => {
  test("compresses, uploads each image once with an img_ name and _payload {}, then posts the inquiry", async () => {
    const { net, run, events } = setup();
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads.map((u) => u.payload)).toEqual(["{}", "{}", "{}"]);
    expect(net.uploads.map((u) => u.size)).toEqual([500, 500, 500]); // the compressed copies
    for (const u of net.uploads) expect(u.name).toMatch(MEDIA_FILENAME_PATTERN);
    expect(net.uploads.map((u) => u.name.slice(-4))).toEqual([".jpg", ".png", ".jpg"]);
    expect(net.urls).toEqual([MEDIA_URL, MEDIA_URL, MEDIA_URL, INQUIRY_URL]);

    expect(net.inquiries).toHaveLength(1);
    const [body] = net.inquiries;
    expect(inquirySchema(["https://admin.example"]).parse(body)).toEqual(body);
    expect(body!.Inquiry).toEqual({
      UserId: "nettside-anonym",
      RegNumber: "AB12345",
      PhoneNumber: "+47 912 34 567",
      Email: "kari@example.no",
      Message: "Bulk i døra",
      State: "NEW",
    });
    const names = net.uploads.map((u) => u.name);
    expect(body!.damageRequests).toEqual([
      { Images: [{ filename: names[0], url: `https://admin.example/api/media/file/${names[0]}` }] },
      {
        Images: [
          { filename: names[1], url: `https://admin.example/api/media/file/${names[1]}` },
          { filename: names[2], url: `https://admin.example/api/media/file/${names[2]}` },
        ],
      },
    ]);

    // progress: compression percentages, then upload, then done, per image; the inquiry last
    const forA = events.flatMap((e) =>
      e.type === "image" && e.progress.key === "a" ? [e.progress.stage + e.progress.percent] : [],
    );
    expect(forA).toEqual(["waiting0", "compressing0", "compressing50", "compressing100", "uploading100", "done100"]);
    expect(events.at(-1)).toEqual({ type: "inquiry" });
  });
});

describe("compression failures", () => {
  test("a compressor that throws: the original is uploaded instead", async () => {
    const { net, run } = setup({
      compress: async () => async () => {
        throw new Error("canvas");
      },
    });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads.map((u) => u.size)).toEqual([1000, 1000, 1000]);
  });

  test("the library cannot be loaded at all: the originals are uploaded", async () => {
    const { net, run } = setup({ compress: () => Promise.reject(new Error("Loading chunk 12 failed")) });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads).toHaveLength(3);
  });

  test("an empty result counts as a failure, and the original is used", async () => {
    const { net, run } = setup({ compress: async () => async () => new Blob([]) });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads.map((u) => u.size)).toEqual([1000, 1000, 1000]);
  });

  test("compression fails and the original is over 15 MB: that image fails, nothing is uploaded after it, no inquiry", async () => {
    const v = values();
    v.damages[1]!.images[0] = image("big", { size: MAX_UPLOAD_BYTES + 1 });
    const { net, run } = setup({
      compress: async () => async () => {
        throw new Error("too big for canvas");
      },
    });
    const result = await run(v);
    expect(result).toMatchObject({ ok: false, reason: "upload", damageIndex: 1, image: { key: "big" } });
    expect(net.uploads).toHaveLength(1); // only "a", before it
    expect(net.inquiries).toHaveLength(0);
  });

  test("compression fails and the file is not an image: it fails", async () => {
    const v = values();
    v.damages[0]!.images = [image("txt", { type: "text/plain", name: "notat.txt" })];
    const { net, run } = setup({
      compress: async () => async () => {
        throw new Error("The file given is not an image");
      },
    });
    expect(await run(v)).toMatchObject({ ok: false, reason: "upload", damageIndex: 0 });
    expect(net.urls).toEqual([]);
  });
});

describe("upload failures", () => {
  test("a 500 and a dropped connection are retried with a growing delay, then it goes through", async () => {
    const { net, run, sleeps, events } = setup();
    net.mediaAnswers.push(status(500), new TypeError("Failed to fetch"));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([800, 2400]);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);
    expect(net.uploads).toHaveLength(3);
    const retries = events.filter((e) => e.type === "image" && e.progress.stage === "retrying");
    expect(retries.map((e) => e.type === "image" && e.progress.attempt)).toEqual([2, 3]);
  });

  test("still failing after two retries: the send stops on that image, nothing is sent with a null", async () => {
    const { net, run, sleeps, uploaded } = setup();
    net.mediaAnswers.push(undefined); // "a" goes through (undefined: the default answer)
    net.mediaAnswers.push(status(503), status(502), new TypeError("Failed to fetch"));
    const result = await run();
    expect(result).toMatchObject({ ok: false, reason: "upload", damageIndex: 1, image: { key: "b" }, status: 0 });
    expect(sleeps).toEqual([800, 2400]);
    expect(net.urls.filter((u) => u === MEDIA_URL)).toHaveLength(4); // a once, b three times, c never
    expect(net.inquiries).toHaveLength(0);
    expect([...uploaded.keys()]).toEqual(["a"]);
  });
});

describe("upload failures: lost answers, a busy server, answers not worth retrying, hangs", () => {
  test("an upload whose answer was lost is looked up by name, found, and not sent again", async () => {
    const { net, run, sleeps } = setup();
    net.mediaAnswers.push("lost");
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([800]);
    const [first] = net.uploads;
    expect(net.uploads.filter((u) => u.name === first!.name)).toHaveLength(1);
    expect(net.uploads).toHaveLength(3);
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toEqual([`${FIND_URL}${first!.name}&depth=0&limit=1`]);
    expect(net.inquiries[0]!.damageRequests[0]!.Images[0]!.filename).toBe(first!.name);
  });

  test("a lost answer the server did not store: the lookup finds nothing, and it is uploaded again", async () => {
    const { net, run } = setup();
    net.mediaAnswers.push(new TypeError("Failed to fetch"));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toHaveLength(1);
    expect(net.urls.filter((u) => u === MEDIA_URL)).toHaveLength(4);
    expect(net.uploads).toHaveLength(3);
  });

  test("a busy server's Retry-After is waited out before the next try; a 500 is not looked up", async () => {
    const { net, run, sleeps } = setup();
    net.mediaAnswers.push(new Response("{}", { status: 503, headers: { "Retry-After": "5" } }), status(500));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([5000, 2400]);
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toEqual([]);
  });

  test("a 4xx answer is not retried (it would say the same again)", async () => {
    const { net, run, sleeps } = setup();
    net.mediaAnswers.push(status(415));
    expect(await run()).toMatchObject({ ok: false, reason: "upload", damageIndex: 0, status: 415 });
    expect(sleeps).toEqual([]);
    expect(net.urls).toEqual([MEDIA_URL]);
  });

  test("an ok answer without doc.filename and doc.url is a failure", async () => {
    const { net, run } = setup();
    net.mediaAnswers.push(Response.json({ message: "ok" }, { status: 201 }));
    expect(await run()).toMatchObject({ ok: false, reason: "upload", image: { key: "a" } });
    expect(net.inquiries).toHaveLength(0);
  });

  test("an upload that hangs is given up after the time limit and retried", async () => {
    const { net, run, sleeps } = setup({ timeoutMs: 20 });
    net.mediaAnswers.push("hang", "hang");
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([800, 2400]);
  });

  test("retryable: no answer, timeouts, 429 and 5xx; not other 4xx", async () => {
    const { ApiError } = await import("../api/contract");
    expect([0, 408, 429, 500, 503].map((s) => isRetryable(new ApiError(s, "")))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 401, 413, 415].map((s) => isRetryable(new ApiError(s, "")))).toEqual([false, false, false, false]);
    expect(isRetryable(new TypeError("Failed to fetch"))).toBe(true);
  });
});

describe("inquiry failures and trying again", () => {
  test("a 500 on /inquiry fails the send; on the next try the images are not uploaded again", async () => {
    const { net, run } = setup();
    net.inquiryAnswers.push(status(500));
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 500 });
    expect(net.uploads).toHaveLength(3);

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads).toHaveLength(3); // no new uploads
    expect(net.inquiries).toHaveLength(1);
    expect(net.urls.filter((u) => u === INQUIRY_URL)).toHaveLength(2);
  });

  test("no connection for the inquiry: status 0", async () => {
    const { net, run } = setup();
    net.inquiryAnswers.push(new TypeError("Failed to fetch"));
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 0 });
  });

  test("an inquiry that hangs is given up", async () => {
    const { net, run } = setup({ timeoutMs: 20 });
    net.inquiryAnswers.push("hang");
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 0 });
  });

  test("after a failed upload, the next try uploads only what is missing", async () => {
    const { net, run, events } = setup();
    net.mediaAnswers.push(undefined, status(500), status(500), status(500));
    expect(await run()).toMatchObject({ ok: false, reason: "upload", image: { key: "b" } });
    const firstTry = net.uploads.map((u) => u.name);
    events.length = 0;

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads).toHaveLength(3);
    expect(net.uploads[0]!.name).toBe(firstTry[0]);
    // "a" shows as done straight away on the second try
    expect(events[0]).toMatchObject({ type: "image", progress: { key: "a", stage: "done" } });
  });

  test("a removed image is not sent; the inquiry holds what the form holds", async () => {
    const { net, run } = setup();
    const v = values();
    await run(v);
    v.damages[1]!.images.pop();
    await run(v);
    expect(net.inquiries[1]!.damageRequests[1]!.Images).toHaveLength(1);
  });
});

describe("no double submit", () => {
  test("a second send while one runs gets the same result and sends nothing more", async () => {
    const net = fakeNetwork();
    const sender = createQuoteSender({ fetch: net.fetch, compress: async () => halvingCompressor, userId: "x" });
    const first = sender.send(values());
    const second = sender.send(values());
    expect(sender.busy).toBe(true);
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ ok: true });
    expect(sender.busy).toBe(false);
    expect(net.inquiries).toHaveLength(1);
    expect(net.uploads).toHaveLength(3);
  });

  test("the sender keeps uploads between tries and can forget a removed image", async () => {
    const net = fakeNetwork();
    net.inquiryAnswers.push(status(502));
    const sender = createQuoteSender({ fetch: net.fetch, compress: async () => halvingCompressor, userId: "x" });
    expect((await sender.send(values())).ok).toBe(false);
    sender.forget("c");
    expect((await sender.send(values())).ok).toBe(true);
    expect(net.uploads).toHaveLength(4); // c again, nothing else
  });
});

describe("two at a time, photos made ready before Send", () => {
  /** A network whose uploads finish only when the test says so; counts how many are in flight. */
  function slowNetwork() {
    const net = fakeNetwork();
    let inFlight = 0;
    const peaks: number[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== MEDIA_URL) return net.fetch(input, init);
      inFlight++;
      peaks.push(inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      try {
        return await net.fetch(input, init);
      } finally {
        inFlight--;
      }
    }) as typeof globalThis.fetch;
    return { ...net, fetch, peaks };
  }

  test("uploads go two at a time and the inquiry waits for all of them", async () => {
    const net = slowNetwork();
    const { run } = setup({ fetch: net.fetch, concurrency: undefined });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(Math.max(...net.peaks)).toBe(2);
    expect(net.uploads).toHaveLength(3);
    expect(net.urls.at(-1)).toBe(INQUIRY_URL);
  });

  test("a photo made ready before Send is uploaded as it is, without compressing it again", async () => {
    const compress = jest.fn(async () => halvingCompressor);
    const ready = new Blob([new Uint8Array(123)], { type: "image/jpeg" });
    const { net, run } = setup({ compress, prepared: () => Promise.resolve(ready), concurrency: undefined });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(compress).not.toHaveBeenCalled();
    expect(net.uploads.map((u) => u.size)).toEqual([123, 123, 123]);
  });

  test("the progress moves with the bytes sent", async () => {
    const uploadFetch = (onProgress: (loaded: number, total: number) => void) =>
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        onProgress(250, 500);
        onProgress(500, 500);
        return net.fetch(input, init);
      }) as typeof globalThis.fetch;
    const { net, run, events } = setup({ uploadFetch });
    await run();
    const a = events.flatMap((e) => (e.type === "image" && e.progress.key === "a" ? [e.progress] : []));
    expect(a.map((p) => [p.stage, p.loaded, p.total])).toEqual([
      ["waiting", 0, 0],
      ["compressing", 0, 0],
      ["compressing", 0, 0],
      ["compressing", 0, 0],
      ["uploading", 0, 500],
      ["uploading", 250, 500],
      ["uploading", 500, 500],
      ["done", 500, 500],
    ]);
  });

  test("while an upload is retrying no new one starts, and when it fails for good the rest are not sent", async () => {
    const { net, run } = setup({ concurrency: undefined });
    // a: ok; b: fails three times (two retries), so c never starts
    net.mediaAnswers.push(undefined, status(500), status(500), status(500));
    const result = await run();
    expect(result).toMatchObject({ ok: false, reason: "upload", image: { key: "b" } });
    expect(net.urls.filter((u) => u === MEDIA_URL)).toHaveLength(4);
    expect(net.inquiries).toHaveLength(0);
  });
});

describe("the inquiry's Idempotency-Key", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  test("the inquiry carries the quote's key; after a lost answer the next try sends the same key, stored once", async () => {
    const { net, run, state } = setup();
    net.inquiryAnswers.push("lost"); // the API host stored it, the answer never came
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 0 });
    expect(net.inquiries).toHaveLength(1);
    const [key] = net.inquiryKeys;
    expect(key).toMatch(UUID);
    expect(state.inquiryKey).toBe(key); // kept for the next try

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.inquiryKeys).toEqual([key, key]);
    expect(net.inquiries).toHaveLength(1);
    expect(net.uploads).toHaveLength(3);
    expect(state.inquiryKey).toBeUndefined(); // the quote has gone
  });

  test("a key kept from before (the draft's) is the one sent", async () => {
    const { net, run, state } = setup();
    state.inquiryKey = "fra-utkastet_1";
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.inquiryKeys).toEqual(["fra-utkastet_1"]);
  });

  test("a sender keeps one key across failed tries, a new one after the quote has gone or a reset", async () => {
    const net = fakeNetwork();
    net.inquiryAnswers.push(status(503), new TypeError("Failed to fetch"));
    const sender = createQuoteSender({ fetch: net.fetch, compress: async () => halvingCompressor, userId: "x" });
    for (let i = 0; i < 3; i++) await sender.send(values());
    const [first] = net.inquiryKeys;
    expect(net.inquiryKeys).toEqual([first, first, first]);
    expect(net.inquiries).toHaveLength(1);

    await sender.send(values()); // the same form sent again once it has gone: another quote
    const second = net.inquiryKeys[3];
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);

    net.inquiryAnswers.push(status(500));
    await sender.send(values());
    expect(sender.state.inquiryKey).toBeDefined();
    sender.reset();
    expect(sender.state.inquiryKey).toBeUndefined();
    expect(sender.state.uploaded.size).toBe(0);
    await sender.send(values());
    expect(new Set(net.inquiryKeys.slice(4)).size).toBe(2);
  });
});

describe("an image's upload name, kept with the quote", () => {
  test("a reload after a lost upload answer: the next visit asks for that name and does not upload it again", async () => {
    // visit 1: a's upload is stored but its answer is lost, and the page is reloaded while the retry waits
    const first = setup({ sleep: () => new Promise<void>(() => {}) });
    first.net.mediaAnswers.push("lost");
    void first.run();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [lost] = first.net.uploads;
    expect(first.state.uploadNames.get("a")).toBe(lost!.name);
    // the name was given to the caller to keep before the upload went
    const kept = first.events.findIndex((e) => e.type === "kept");
    const uploading = first.events.findIndex(
      (e) => e.type === "image" && e.progress.key === "a" && e.progress.stage === "uploading",
    );
    expect(kept).toBeGreaterThanOrEqual(0);
    expect(kept).toBeLessThan(uploading);

    // the draft the page left behind, read back on the next visit
    const saved = toDraft({
      values: values(),
      compressed: new Map(),
      uploaded: first.state.uploaded,
      uploadNames: first.state.uploadNames,
      pending: true,
      inquiryKey: first.state.inquiryKey,
    })!;
    const back = fromDraft(saved);
    const next = new SendState();
    next.restore(back);
    const { net } = first;
    await expect(sendQuote(back.values, { ...first.deps, sleep: async () => {} }, next)).resolves.toEqual({ ok: true });

    expect(net.uploads.filter((u) => u.name === lost!.name)).toHaveLength(1); // not uploaded again
    expect(net.uploads).toHaveLength(3); // a once, then b and c
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toEqual([`${FIND_URL}${lost!.name}&depth=0&limit=1`]);
    expect(net.inquiries[0]!.damageRequests[0]!.Images[0]!.filename).toBe(lost!.name);
  });

  test("a kept name not stored after all: the lookup finds nothing and the photo goes under that same name", async () => {
    const { net, run, state } = setup();
    state.uploadNames.set("a", "img_abcdef0123456789abcdef01234567.jpg");
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.urls[0]).toBe(`${FIND_URL}img_abcdef0123456789abcdef01234567.jpg&depth=0&limit=1`);
    expect(net.uploads.map((u) => u.name)[0]).toBe("img_abcdef0123456789abcdef01234567.jpg");
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toHaveLength(1); // b and c had no name yet
  });

  test("Prøv igjen after an upload whose last answer was lost: asked for by the same name, found, not sent again", async () => {
    const { net, run, state, sleeps } = setup();
    net.mediaAnswers.push(status(500), status(502), "lost"); // a: the third try is stored, its answer lost
    expect(await run()).toMatchObject({ ok: false, reason: "upload", image: { key: "a" }, status: 0 });
    expect(sleeps).toEqual([800, 2400]);
    const name = state.uploadNames.get("a");
    expect(net.uploads.map((u) => u.name)).toEqual([name]);

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads.filter((u) => u.name === name)).toHaveLength(1);
    expect(net.uploads).toHaveLength(3);
    expect(net.inquiries[0]!.damageRequests[0]!.Images[0]!.filename).toBe(name);
  });

  test("each name chosen and each upload stored is a `kept` event; forget and reset drop the names", async () => {
    const net = fakeNetwork();
    const sender = createQuoteSender({ fetch: net.fetch, compress: async () => halvingCompressor, userId: "x" });
    const events: PipelineEvent[] = [];
    await sender.send(values(), (e) => events.push(e));
    expect(events.filter((e) => e.type === "kept")).toHaveLength(6); // three names, three uploads
    expect([...sender.state.uploadNames.keys()].sort()).toEqual(["a", "b", "c"]);
    sender.forget("b");
    expect([...sender.state.uploadNames.keys()].sort()).toEqual(["a", "c"]);
    sender.reset();
    expect(sender.state.uploadNames.size).toBe(0);
  });
});
