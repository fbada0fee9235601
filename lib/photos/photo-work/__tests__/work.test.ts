/** Which path a photo takes (worker or page) with a fake worker: the fallback choice, aborts and unreadable photos. */
import { UnreadablePhotoError, type JobMessage, type PreparedPhoto, type WorkerMessage } from "../types";
import { createPhotoWork } from "../work";

type Reply = (job: JobMessage, worker: FakeWorker) => void;

class FakeWorker extends EventTarget {
  terminated = false;
  jobs: JobMessage[] = [];
  constructor(private reply: Reply) {
    super();
  }
  postMessage(job: JobMessage) {
    this.jobs.push(job);
    queueMicrotask(() => this.reply(job, this));
  }
  send(message: WorkerMessage) {
    this.dispatchEvent(new MessageEvent("message", { data: message }));
  }
  terminate() {
    this.terminated = true;
  }
}

const photoFromWorker: PreparedPhoto = { blob: new Blob(["worker"]), width: 1920, height: 1440 };
const photoFromPage: PreparedPhoto = { blob: new Blob(["page"]), width: 1920, height: 1440 };
const file = new Blob(["jpeg"], { type: "image/jpeg" });

function setUp(reply: Reply) {
  const workers: FakeWorker[] = [];
  const page = jest.fn(async () => photoFromPage);
  const work = createPhotoWork({
    createWorker: () => {
      const worker = new FakeWorker(reply);
      workers.push(worker);
      return worker as unknown as Worker;
    },
    page,
  });
  return { work, workers, page };
}

test("the worker does the work: its preview, check, progress and copy reach the caller, and it is kept for the next photo", async () => {
  const preview = "data:image/jpeg;base64,c21hbGw=";
  const { work, workers, page } = setUp(({ id }, worker) => {
    worker.send({ id, type: "preview", url: preview });
    worker.send({ id, type: "check", check: { sharpness: 100, brightness: 120, verdict: "ok" } });
    worker.send({ id, type: "progress", percent: 50 });
    worker.send({ id, type: "done", photo: photoFromWorker });
  });
  const onPreview = jest.fn();
  const onCheck = jest.fn();
  const onProgress = jest.fn();
  expect(await work.prepare(file, { onPreview, onCheck, onProgress })).toBe(photoFromWorker);
  expect(onPreview).toHaveBeenCalledWith(preview);
  expect(await work.prepare(file)).toBe(photoFromWorker);
  expect(onCheck).toHaveBeenCalledWith(expect.objectContaining({ verdict: "ok" }));
  expect(onProgress).toHaveBeenCalledWith(50);
  expect(page).not.toHaveBeenCalled();
  expect(workers).toHaveLength(1);
});

test("a worker that cannot start (its code lost on the way) sends the photo to the page; the next photo tries a worker again", async () => {
  const { work, workers, page } = setUp((_job, worker) => worker.dispatchEvent(new Event("error")));
  expect(await work.prepare(file)).toBe(photoFromPage);
  expect(workers[0]!.terminated).toBe(true);
  await work.prepare(file);
  expect(workers).toHaveLength(2);
  expect(page).toHaveBeenCalledTimes(2);
});

test("an engine without OffscreenCanvas in workers: this photo and every later one go to the page", async () => {
  const { work, workers, page } = setUp(({ id }, worker) => worker.send({ id, type: "incapable" }));
  expect(await work.prepare(file)).toBe(photoFromPage);
  expect(await work.prepare(file)).toBe(photoFromPage);
  expect(workers).toHaveLength(1);
  expect(workers[0]!.jobs).toHaveLength(1);
  expect(page).toHaveBeenCalledTimes(2);
});

test("a photo the worker cannot decode is an UnreadablePhotoError, and the page does not try to send anything else", async () => {
  const { work, page } = setUp(({ id }, worker) => worker.send({ id, type: "unreadable" }));
  await expect(work.prepare(file)).rejects.toBeInstanceOf(UnreadablePhotoError);
  expect(page).not.toHaveBeenCalled();
});

test("aborting ends the worker's job at once, and nothing is prepared on the page", async () => {
  const { work, workers, page } = setUp(() => {}); // a worker still busy
  const controller = new AbortController();
  const prepared = work.prepare(file, { signal: controller.signal });
  await Promise.resolve();
  controller.abort();
  await expect(prepared).rejects.toMatchObject({ name: "AbortError" });
  expect(workers[0]!.terminated).toBe(true);
  expect(page).not.toHaveBeenCalled();
});

test("an engine with no workers at all uses the page", async () => {
  const page = jest.fn(async () => photoFromPage);
  const work = createPhotoWork({ page });
  expect(await work.prepare(file)).toBe(photoFromPage);
});
