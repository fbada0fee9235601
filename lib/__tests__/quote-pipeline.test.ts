/** The quote pipeline with a fake fetch and fake photo work: the happy path and every failure path. */
import { MEDIA_FILENAME_PATTERN, inquirySchema, type InquiryRequest } from "../api/schemas";
import { isRetryable } from "../api/transport";
import { UnreadablePhotoError, type PhotoWork } from "../photos/photo-work/types";
import { fromDraft, toDraft } from "../quote/draft";
import type { QuoteText } from "../quote/form";
import { QuotePhotos } from "../photos/photos";
import { createQuoteSender, quoteJson, SendState, sendQuote, type PipelineDeps } from "../quote/pipeline";
import type { ImageProgress } from "../photos/photos";

jest.mock("../config", () => jest.requireActual("./fixtures/api-config"));

const MEDIA_URL = "https://admin.example/api/media?depth=0&fallback-locale=null";
const INQUIRY_URL = "https://api.example/inquiry";
/** Payload's find: `?where[filename][equals]=…&depth=0&limit=1` */
const FIND_URL = "https://admin.example/api/media?where%5Bfilename%5D%5Bequals%5D=";

const file = (name: string, size = 1000, type = "image/jpeg") => new File([new Uint8Array(size)], name, { type });

const text = (): QuoteText => ({
  regNumber: "ab12345",
  email: "kari@example.no",
  phone: "+47 912 34 567",
  message: "Bulk i døra",
});

/** Photo work that halves each photo (a JPEG copy) and reports 50 then 100. */
const halving: PhotoWork = {
  async prepare(photo, { onProgress } = {}) {
    onProgress?.(50);
    onProgress?.(100);
    return { blob: new Blob([new Uint8Array(Math.ceil(photo.size / 2))], { type: "image/jpeg" }), width: 1, height: 1 };
  },
};

/** The quote's photos: Skade 1 has a.jpg, Skade 2 b.png and c.jpg (or the files given), prepared by `work`. */
async function quotePhotos(
  work: PhotoWork = halving,
  damages: File[][] = [[file("a.jpg")], [file("b.png", 1000, "image/png"), file("c.jpg")]],
) {
  const photos = new QuotePhotos({ loadWork: async () => work, createUrl: () => "blob:test", revokeUrl: () => {} });
  damages.forEach((files, i) => {
    if (i > 0) photos.addDamage();
    photos.add(photos.getSnapshot()[i]!.id, files);
  });
  await Promise.all(photos.getSnapshot().flatMap((d) => d.photos.map((p) => photos.prepared(p.key))));
  return photos;
}

/** The photo named `name` as it stands. */
const photoNamed = (photos: QuotePhotos, name: string) =>
  photos
    .getSnapshot()
    .flatMap((d) => d.photos)
    .find((p) => p.name === name)!;

/** Every progress the photo named `name` showed while sending, in order. */
function progressOf(photos: QuotePhotos, name: string) {
  const seen: ImageProgress[] = [];
  photos.subscribe(() => {
    const progress = photoNamed(photos, name)?.progress;
    if (progress && progress !== seen.at(-1)) seen.push(progress);
  });
  return seen;
}

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
  const findAnswers: Response[] = [];
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
    if (url.startsWith(FIND_URL)) return findAnswers.shift() ?? findAnswer(uploads, url);
    throw new Error(`unexpected ${url}`);
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    uploads,
    inquiries,
    inquiryKeys,
    mediaAnswers,
    findAnswers,
    inquiryAnswers,
    urls,
  };
}

async function setup(overrides: Partial<PipelineDeps> = {}, work?: PhotoWork, files?: File[][]) {
  const net = fakeNetwork();
  const sleeps: number[] = [];
  const deps: PipelineDeps = {
    fetch: net.fetch,
    userId: "nettside-anonym",
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    concurrency: 1, // one upload at a time, so each test knows the order of calls ("two at a time" below)
    ...overrides,
  };
  const photos = await quotePhotos(work, files);
  const state = new SendState();
  const inquiries: number[] = [];
  const run = (t = text()) => sendQuote(t, photos, state, deps, () => inquiries.push(1));
  /** the photos stored so far, by name */
  const stored = () => photos.getSnapshot().flatMap((d) => d.photos.filter((p) => p.stored).map((p) => p.name));
  return { net, sleeps, deps, photos, state, stored, inquiries, run };
}

const status = (code: number) => new Response(JSON.stringify({ error: "x" }), { status: code });

describe("a good send", () => {
  test("uploads each prepared copy once with an img_ name and _payload {}, then posts the inquiry", async () => {
    const { net, run, photos } = await setup();
    const forA = progressOf(photos, "a.jpg");
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads.map((u) => u.payload)).toEqual(["{}", "{}", "{}"]);
    expect(net.uploads.map((u) => u.size)).toEqual([500, 500, 500]); // the prepared copies
    for (const u of net.uploads) expect(u.name).toMatch(MEDIA_FILENAME_PATTERN);
    expect(net.uploads.map((u) => u.name.slice(-4))).toEqual([".jpg", ".jpg", ".jpg"]); // JPEG copies, the PNG too
    expect(net.urls).toEqual([MEDIA_URL, MEDIA_URL, MEDIA_URL, INQUIRY_URL]);

    expect(net.inquiries).toHaveLength(1);
    const [body] = net.inquiries;
    expect(inquirySchema().parse(body)).toEqual(body);
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
    // progress: its copy (made already), then upload, then done
    expect(forA.map((p) => p.stage)).toEqual(["waiting", "compressing", "uploading", "done"]);
  });
});

describe("photos that cannot be prepared: never the original", () => {
  test("a photo the browser cannot read says so on the photo and is left out: the quote goes with the others", async () => {
    const work: PhotoWork = {
      prepare: async (photo, options) =>
        (photo as File).name === "b.png" ? Promise.reject(new UnreadablePhotoError()) : halving.prepare(photo, options),
    };
    const { net, run, photos } = await setup({}, work);
    expect(photoNamed(photos, "b.png")).toMatchObject({ stage: "unreadable", note: "unreadable" });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads.map((u) => u.size)).toEqual([500, 500]); // a's and c's copies; never b's original
    const [a, c] = net.uploads.map((u) => u.name);
    expect(net.inquiries).toHaveLength(1);
    expect(net.inquiries[0]!.damageRequests.map((d) => d.Images.map((i) => i.filename))).toEqual([[a], [c]]);
  });

  test.each([
    ["with another photo in its damage, it is left out and the quote goes", [file("b.png"), file("c.jpg")], true],
    ["alone in its damage, the send stops on it", [file("b.png")], false],
  ])("a photo found unreadable only while the quote is sent: %s", async (_, second, goes) => {
    let unreadable!: () => void;
    const work: PhotoWork = {
      prepare: (photo, options) =>
        (photo as File).name === "b.png"
          ? new Promise((_, reject) => (unreadable = () => reject(new UnreadablePhotoError())))
          : halving.prepare(photo, options),
    };
    const photos = new QuotePhotos({ loadWork: async () => work, createUrl: () => "blob:test", revokeUrl: () => {} });
    photos.add(photos.getSnapshot()[0]!.id, [file("a.jpg")]);
    photos.addDamage();
    photos.add(photos.getSnapshot()[1]!.id, second);
    const net = fakeNetwork();
    const deps = { fetch: net.fetch, userId: "x", sleep: async () => {}, concurrency: 1 };
    const sending = sendQuote(text(), photos, new SendState(), deps);
    await new Promise((resolve) => setTimeout(resolve, 20)); // Send pressed while b.png is still examined
    unreadable();
    if (goes) {
      await expect(sending).resolves.toEqual({ ok: true });
      expect(net.inquiries[0]!.damageRequests.map((d) => d.Images.length)).toEqual([1, 1]);
    } else {
      await expect(sending).resolves.toMatchObject({
        ok: false,
        reason: "upload",
        damageIndex: 1,
        image: { name: "b.png" },
      });
      expect(net.inquiries).toHaveLength(0);
    }
  });

  test("photo work that could not load is tried again at Send; the copy is what goes", async () => {
    let loads = 0;
    const photos = new QuotePhotos({
      loadWork: async () => (++loads === 1 ? Promise.reject(new Error("Loading chunk 12 failed")) : halving),
      createUrl: () => "blob:test",
      revokeUrl: () => {},
    });
    photos.add(photos.getSnapshot()[0]!.id, [file("a.jpg")]);
    await photos.prepared(photoNamed(photos, "a.jpg").key);
    expect(photoNamed(photos, "a.jpg").stage).toBe("failed");
    const net = fakeNetwork();
    const result = await sendQuote(text(), photos, new SendState(), { fetch: net.fetch, userId: "x" });
    expect(result).toEqual({ ok: true });
    expect(net.uploads.map((u) => u.size)).toEqual([500]);
  });
});

describe("upload failures", () => {
  test("a 500 and a dropped connection are retried with a growing delay, then it goes through", async () => {
    const { net, run, sleeps, photos } = await setup();
    const forA = progressOf(photos, "a.jpg");
    net.mediaAnswers.push(status(500), new TypeError("Failed to fetch"));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([800, 2400]);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);
    expect(net.uploads).toHaveLength(3);
    expect(forA.filter((p) => p.stage === "retrying").map((p) => p.attempt)).toEqual([2, 3]);
  });

  test("still failing after two retries: the send stops on that image, nothing is sent with a null", async () => {
    const { net, run, sleeps, stored } = await setup();
    net.mediaAnswers.push(undefined); // "a" goes through (undefined: the default answer)
    net.mediaAnswers.push(status(503), status(502), new TypeError("Failed to fetch"));
    const result = await run();
    expect(result).toMatchObject({ ok: false, reason: "upload", damageIndex: 1, image: { name: "b.png" }, status: 0 });
    expect(sleeps).toEqual([800, 2400]);
    expect(net.urls.filter((u) => u === MEDIA_URL)).toHaveLength(4); // a once, b three times, c never
    expect(net.inquiries).toHaveLength(0);
    expect(stored()).toEqual(["a.jpg"]);
  });
});

describe("upload failures: lost answers, a busy server, answers not worth retrying, hangs", () => {
  test("an upload whose answer was lost is looked up by name, found, and not sent again", async () => {
    const { net, run, sleeps } = await setup();
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
    const { net, run } = await setup();
    net.mediaAnswers.push(new TypeError("Failed to fetch"));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toHaveLength(1);
    expect(net.urls.filter((u) => u === MEDIA_URL)).toHaveLength(4);
    expect(net.uploads).toHaveLength(3);
  });

  test("a look-up that fails with a 5xx is tried again, and the photo is not uploaded twice", async () => {
    const { net, run, sleeps } = await setup();
    net.mediaAnswers.push("lost");
    net.findAnswers.push(status(502));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([800, 2400]);
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toHaveLength(2);
    expect(net.uploads).toHaveLength(3);
  });

  test("a busy server's Retry-After is waited out before the next try; a 500 is not looked up", async () => {
    const { net, run, sleeps } = await setup();
    net.mediaAnswers.push(new Response("{}", { status: 503, headers: { "Retry-After": "5" } }), status(500));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([5000, 2400]);
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toEqual([]);
  });

  test("a 4xx answer is not retried (it would say the same again)", async () => {
    const { net, run, sleeps } = await setup();
    net.mediaAnswers.push(status(415));
    expect(await run()).toMatchObject({ ok: false, reason: "upload", damageIndex: 0, status: 415 });
    expect(sleeps).toEqual([]);
    expect(net.urls).toEqual([MEDIA_URL]);
  });

  test("an ok answer without doc.filename and doc.url is a failure", async () => {
    const { net, run } = await setup();
    net.mediaAnswers.push(Response.json({ message: "ok" }, { status: 201 }));
    expect(await run()).toMatchObject({ ok: false, reason: "upload", image: { name: "a.jpg" } });
    expect(net.inquiries).toHaveLength(0);
  });

  test("an upload that hangs is given up after the time limit and retried", async () => {
    const { net, run, sleeps } = await setup({ timeoutMs: 20 });
    net.mediaAnswers.push("hang", "hang");
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([800, 2400]);
  });

  test("retryable: no answer, timeouts, 429 and 5xx; not other 4xx", async () => {
    const { ApiError } = await import("../api/transport");
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
  test("a 500 on /inquiry is tried again, as a lost answer is; the images are not uploaded again", async () => {
    const { net, run, sleeps } = await setup();
    net.inquiryAnswers.push(status(500));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([800]);
    expect(net.uploads).toHaveLength(3);
    expect(net.inquiries).toHaveLength(1);
    expect(net.urls.filter((u) => u === INQUIRY_URL)).toHaveLength(2);
  });

  test("a /inquiry that keeps failing fails the send; on the next try the images are not uploaded again", async () => {
    const { net, run } = await setup();
    net.inquiryAnswers.push(status(500), status(502), status(503));
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 503 });
    expect(net.uploads).toHaveLength(3);

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads).toHaveLength(3); // no new uploads
    expect(net.inquiries).toHaveLength(1);
    expect(net.urls.filter((u) => u === INQUIRY_URL)).toHaveLength(4);
  });

  test("no connection for the inquiry: status 0", async () => {
    const { net, run } = await setup();
    for (let i = 0; i < 3; i++) net.inquiryAnswers.push(new TypeError("Failed to fetch"));
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 0 });
  });

  test("an inquiry that hangs is given up", async () => {
    const { net, run } = await setup({ timeoutMs: 20 });
    net.inquiryAnswers.push("hang", "hang", "hang");
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 0 });
  });

  test("after a failed upload, the next try uploads only what is missing", async () => {
    const { net, run, photos } = await setup();
    net.mediaAnswers.push(undefined, status(500), status(500), status(500));
    expect(await run()).toMatchObject({ ok: false, reason: "upload", image: { name: "b.png" } });
    const firstTry = net.uploads.map((u) => u.name);
    const forA = progressOf(photos, "a.jpg");

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads).toHaveLength(3);
    expect(net.uploads[0]!.name).toBe(firstTry[0]);
    // "a" shows as done straight away on the second try
    expect(forA[0]).toMatchObject({ stage: "done" });
  });

  test("a removed image is not sent; the inquiry holds what the form holds", async () => {
    const { net, run, photos } = await setup();
    await run();
    photos.remove(photoNamed(photos, "c.jpg").key);
    await run();
    expect(net.inquiries[1]!.damageRequests[1]!.Images).toHaveLength(1);
  });
});

describe("photos the server no longer has (a draft sent long after its uploads)", () => {
  test("a refusal naming photos the server no longer has: those are uploaded again, and the inquiry goes once more", async () => {
    const { net, run, photos } = await setup();
    await expect(run()).resolves.toEqual({ ok: true });
    // the same quote sent again a day later: the server deleted "a" and "c" meanwhile
    const [a, , c] = net.uploads.map((u) => u.name);
    const gone = { errors: [{ message: "bildet finnes ikke her", missingPhotos: [a, c] }] };
    net.inquiryAnswers.push(Response.json(gone, { status: 400 }));
    photos.remove(photoNamed(photos, "b.png").key);
    photos.add(photos.getSnapshot()[1]!.id, [file("d.jpg")]);
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads).toHaveLength(6); // a and c again under new names, and d
    const again = net.uploads.slice(3).map((u) => u.name);
    expect(again).not.toContain(a);
    expect(again).not.toContain(c);
    const sent = net.inquiries.at(-1)!.damageRequests.flatMap((d) => d.Images.map((i) => i.filename));
    expect(sent).toEqual(expect.arrayContaining([photoNamed(photos, "a.jpg").stored!.filename]));
    expect(sent).not.toContain(a);
    expect(photoNamed(photos, "a.jpg").uploadName).toBe(photoNamed(photos, "a.jpg").stored!.filename);
  });

  test("photos refused as gone a second time fail the send with the 400; they are uploaded again once only", async () => {
    const { net, run } = await setup();
    await expect(run()).resolves.toEqual({ ok: true });
    const gone = (names: string[]) =>
      Response.json({ errors: [{ message: "borte", missingPhotos: names }] }, { status: 400 });
    const names = net.uploads.map((u) => u.name);
    net.inquiryAnswers.push(gone(names), gone(["img_ukjent.jpg"]));
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 400 });
    expect(net.uploads).toHaveLength(6);
    expect(net.urls.filter((u) => u === INQUIRY_URL)).toHaveLength(3);
  });

  test("a plain 400 (not about photos) fails the send at once, nothing uploaded again", async () => {
    const { net, run } = await setup();
    net.inquiryAnswers.push(status(400));
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 400 });
    expect(net.uploads).toHaveLength(3);
    expect(net.urls.filter((u) => u === INQUIRY_URL)).toHaveLength(1);
  });
});

describe("no double submit", () => {
  test("a second send while one runs gets the same result and sends nothing more", async () => {
    const net = fakeNetwork();
    const photos = await quotePhotos();
    const sender = createQuoteSender({ fetch: net.fetch, userId: "x" });
    const state = new SendState();
    const first = sender.send(text(), photos, state);
    const second = sender.send(text(), photos, state);
    expect(sender.busy).toBe(true);
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ ok: true });
    expect(sender.busy).toBe(false);
    expect(net.inquiries).toHaveLength(1);
    expect(net.uploads).toHaveLength(3);
  });

  test("uploads are kept between tries; a photo removed and chosen again is uploaded again", async () => {
    const net = fakeNetwork();
    for (let i = 0; i < 3; i++) net.inquiryAnswers.push(status(502));
    const photos = await quotePhotos();
    const sender = createQuoteSender({ fetch: net.fetch, userId: "x", sleep: async () => {} });
    const state = new SendState();
    expect((await sender.send(text(), photos, state)).ok).toBe(false);
    const c = photoNamed(photos, "c.jpg");
    photos.remove(c.key);
    photos.add(photos.getSnapshot()[1]!.id, [file("c.jpg")]);
    expect((await sender.send(text(), photos, state)).ok).toBe(true);
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
    const { run } = await setup({ fetch: net.fetch, concurrency: undefined });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(Math.max(...net.peaks)).toBe(2);
    expect(net.uploads).toHaveLength(3);
    expect(net.urls.at(-1)).toBe(INQUIRY_URL);
  });

  test("a photo still being prepared at Send is uploaded once its copy is made", async () => {
    let finish: () => void = () => {};
    const slow: PhotoWork = {
      prepare: (photo, options) => new Promise((resolve) => (finish = () => resolve(halving.prepare(photo, options)))),
    };
    const photos = new QuotePhotos({ loadWork: async () => slow, createUrl: () => "", revokeUrl: () => {} });
    photos.add(photos.getSnapshot()[0]!.id, [file("a.jpg")]);
    const net = fakeNetwork();
    const sending = sendQuote(text(), photos, new SendState(), { fetch: net.fetch, userId: "x" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(net.urls).toEqual([]);
    finish();
    await expect(sending).resolves.toEqual({ ok: true });
    expect(net.uploads.map((u) => u.size)).toEqual([500]);
  });

  test("the progress moves with the bytes sent", async () => {
    const { net, run, photos, deps } = await setup();
    deps.fetch = async (input, init) => {
      init?.onUploadProgress?.(250, 500);
      init?.onUploadProgress?.(500, 500);
      return net.fetch(input, init);
    };
    const a = progressOf(photos, "a.jpg");
    await run();
    expect(a.map((p) => [p.stage, p.loaded, p.total])).toEqual([
      ["waiting", 0, 0],
      ["compressing", 0, 0],
      ["uploading", 0, 500],
      ["uploading", 250, 500],
      ["uploading", 500, 500],
      ["done", 500, 500],
    ]);
  });

  test("while an upload is retrying no new one starts, and when it fails for good the rest are not sent", async () => {
    const { net, run } = await setup({ concurrency: undefined });
    // a: ok; b: fails three times (two retries), so c never starts
    net.mediaAnswers.push(undefined, status(500), status(500), status(500));
    const result = await run();
    expect(result).toMatchObject({ ok: false, reason: "upload", image: { name: "b.png" } });
    expect(net.urls.filter((u) => u === MEDIA_URL)).toHaveLength(4);
    expect(net.inquiries).toHaveLength(0);
  });
});

describe("the inquiry's Idempotency-Key: one key, one body", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  test("the inquiry carries the quote's key; after a lost answer the next try sends the same key, stored once", async () => {
    const { net, run, state } = await setup({ retryDelaysMs: [] });
    net.inquiryAnswers.push("lost"); // the API host stored it, the answer never came
    expect(await run()).toEqual({ ok: false, reason: "inquiry", status: 0 });
    expect(net.inquiries).toHaveLength(1);
    const [key] = net.inquiryKeys;
    expect(key).toMatch(UUID);
    expect(state.key).toBe(key); // kept for the next try

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.inquiryKeys).toEqual([key, key]);
    expect(net.inquiries).toHaveLength(1);
    expect(net.uploads).toHaveLength(3);
    expect(state.key).toBeUndefined(); // the quote has gone
  });

  test("a lost answer is tried again at once with the same key, and stored once", async () => {
    const { net, run } = await setup();
    net.inquiryAnswers.push("lost");
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.inquiryKeys).toHaveLength(2);
    expect(net.inquiryKeys[1]).toBe(net.inquiryKeys[0]);
    expect(net.inquiries).toHaveLength(1);
  });

  test("a quote changed after a lost answer gets a new key, and the corrected quote is stored", async () => {
    const { net, run } = await setup({ retryDelaysMs: [] });
    net.inquiryAnswers.push("lost");
    expect((await run()).ok).toBe(false);
    await expect(run({ ...text(), phone: "+47 987 65 432" })).resolves.toEqual({ ok: true });
    expect(net.inquiryKeys[1]).not.toBe(net.inquiryKeys[0]);
    expect(net.inquiries.map((i) => i.Inquiry.PhoneNumber)).toEqual(["+47 912 34 567", "+47 987 65 432"]);
  });

  test("a 422 (the key was used for another body) gets a new key and is sent once more", async () => {
    const { net, run, state, photos } = await setup();
    state.set({ key: "brukt-nokkel", quote: quoteJson(text(), photos) });
    net.inquiryAnswers.push(status(422));
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.inquiryKeys[0]).toBe("brukt-nokkel");
    expect(net.inquiryKeys[1]).toMatch(UUID);
    expect(net.inquiries).toHaveLength(1);
  });

  test("a key kept from before (the draft's) is the one sent, for the same quote", async () => {
    const { net, run, state, photos } = await setup();
    state.set({ key: "fra-utkastet_1", quote: quoteJson(text(), photos) });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.inquiryKeys).toEqual(["fra-utkastet_1"]);
  });

  test("one key across failed tries, a new one after the quote has gone or a clear", async () => {
    const net = fakeNetwork();
    net.inquiryAnswers.push(status(503), new TypeError("Failed to fetch"));
    const photos = await quotePhotos();
    const sender = createQuoteSender({ fetch: net.fetch, userId: "x", retryDelaysMs: [] });
    const state = new SendState();
    for (let i = 0; i < 3; i++) await sender.send(text(), photos, state);
    const [first] = net.inquiryKeys;
    expect(net.inquiryKeys).toEqual([first, first, first]);
    expect(net.inquiries).toHaveLength(1);

    await sender.send(text(), photos, state); // the same form sent again once it has gone: another quote
    const second = net.inquiryKeys[3];
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);

    net.inquiryAnswers.push(status(500));
    await sender.send(text(), photos, state);
    expect(state.key).toBeDefined();
    state.clear();
    expect(state.key).toBeUndefined();
    await sender.send(text(), photos, state);
    expect(new Set(net.inquiryKeys.slice(4)).size).toBe(2);
  });
});

describe("an image's upload name, kept with the quote", () => {
  test("a reload after a lost upload answer: the next visit asks for that name and does not upload it again", async () => {
    // visit 1: a's upload is stored but its answer is lost, and the page is reloaded while the retry waits
    const first = await setup({ sleep: () => new Promise<void>(() => {}) });
    first.net.mediaAnswers.push("lost");
    const names: (string | undefined)[] = [];
    first.photos.subscribe(() => names.push(photoNamed(first.photos, "a.jpg").uploadName));
    void first.run();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [lost] = first.net.uploads;
    expect(photoNamed(first.photos, "a.jpg").uploadName).toBe(lost!.name);
    expect(names.find(Boolean)).toBe(lost!.name); // the name was on the photo (and so in the draft) when it went

    // the draft the page left behind, read back on the next visit
    const saved = toDraft(text(), first.photos, { ...first.state, pending: true })!;
    const back = fromDraft(saved);
    const next = new QuotePhotos({ loadWork: async () => halving, createUrl: () => "", revokeUrl: () => {} });
    next.restore(back.damages);
    const { net } = first;
    const result = await sendQuote(back.text, next, new SendState(), { ...first.deps, sleep: async () => {} });
    expect(result).toEqual({ ok: true });

    expect(net.uploads.filter((u) => u.name === lost!.name)).toHaveLength(1); // not uploaded again
    expect(net.uploads).toHaveLength(3); // a once, then b and c
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toEqual([`${FIND_URL}${lost!.name}&depth=0&limit=1`]);
    expect(net.inquiries[0]!.damageRequests[0]!.Images[0]!.filename).toBe(lost!.name);
  });

  test("a kept name not stored after all: the lookup finds nothing and the photo goes under that same name", async () => {
    const { net, run, photos } = await setup();
    photos.update(photoNamed(photos, "a.jpg").key, { uploadName: "img_abcdef0123456789abcdef01234567.jpg" });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.urls[0]).toBe(`${FIND_URL}img_abcdef0123456789abcdef01234567.jpg&depth=0&limit=1`);
    expect(net.uploads.map((u) => u.name)[0]).toBe("img_abcdef0123456789abcdef01234567.jpg");
    expect(net.urls.filter((u) => u.startsWith(FIND_URL))).toHaveLength(1); // b and c had no name yet
  });

  test("Prøv igjen after an upload whose last answer was lost: asked for by the same name, found, not sent again", async () => {
    const { net, run, photos, sleeps } = await setup();
    net.mediaAnswers.push(status(500), status(502), "lost"); // a: the third try is stored, its answer lost
    expect(await run()).toMatchObject({ ok: false, reason: "upload", image: { name: "a.jpg" }, status: 0 });
    expect(sleeps).toEqual([800, 2400]);
    const name = photoNamed(photos, "a.jpg").uploadName;
    expect(net.uploads.map((u) => u.name)).toEqual([name]);

    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads.filter((u) => u.name === name)).toHaveLength(1);
    expect(net.uploads).toHaveLength(3);
    expect(net.inquiries[0]!.damageRequests[0]!.Images[0]!.filename).toBe(name);
  });

  test("each photo's name and stored upload are on the photo; a removed photo takes them with it", async () => {
    const { run, photos } = await setup();
    await run();
    const all = () => photos.getSnapshot().flatMap((d) => d.photos);
    expect(all().map((p) => p.uploadName)).toEqual(all().map((p) => p.stored?.filename));
    photos.remove(photoNamed(photos, "b.png").key);
    expect(all().map((p) => p.name)).toEqual(["a.jpg", "c.jpg"]);
    photos.restore([[]]);
    expect(all()).toEqual([]);
  });
});

describe("a slow connection", () => {
  test("an upload on a slow connection is not cut off while its bytes still go out", async () => {
    // the limit far above the gaps between reports, so a busy machine's late timers cannot reach it
    const { net, run, sleeps, deps } = await setup({ timeoutMs: 250 });
    deps.fetch = async (input, init) => {
      if (String(input) !== MEDIA_URL) return net.fetch(input, init);
      // twice the time limit in all, a little of it between each report of bytes sent
      for (let sent = 1; sent <= 25; sent++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (init?.signal?.aborted) throw init.signal.reason;
        init?.onUploadProgress?.(sent * 20, 500);
      }
      return net.fetch(input, init);
    };
    await expect(run()).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([]); // never retried
    expect(net.uploads).toHaveLength(3);
  });
});

describe("a photo added during a send", () => {
  test("a photo chosen while the send runs (the camera came back late) is uploaded and in the inquiry", async () => {
    const net = fakeNetwork();
    let added = false;
    const { run, photos } = await setup({
      fetch: (async (input, init) => {
        if (!added) {
          added = true; // during the first upload
          photos.add(photos.getSnapshot()[0]!.id, [file("sen.jpg")]);
        }
        return net.fetch(input, init);
      }) as typeof globalThis.fetch,
    });
    await expect(run()).resolves.toEqual({ ok: true });
    expect(net.uploads).toHaveLength(4);
    const [body] = net.inquiries;
    expect(body!.damageRequests.map((d) => d.Images.length)).toEqual([2, 2]);
  });
});
