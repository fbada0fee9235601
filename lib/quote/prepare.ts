/**
 * Photos made ready before Send: each image is compressed as soon as it is
 * chosen, one at a time (so a phone stays responsive), and kept until Send
 * uploads it. Removing an image cancels its work. A photo that cannot be
 * compressed is kept as it is when it may be uploaded whole (compressOrOriginal).
 * Free of any framework; `onChange` tells the view what each thumbnail shows.
 */
import type { QuoteImage } from "./form";
import { compressOrOriginal, type Compressor } from "./pipeline";

export type PrepareStage = "waiting" | "compressing" | "ready";

export interface PrepareState {
  stage: PrepareStage;
  /** 0–100 while compressing */
  percent: number;
}

interface Job {
  image: QuoteImage;
  state: PrepareState;
  controller: AbortController;
  /** the photo to upload: the compressed copy, the original, or undefined when neither will do */
  blob?: Blob;
  result: Promise<Blob | undefined>;
  resolve: (blob: Blob | undefined) => void;
}

export interface ImagePreparer {
  /** queues an image; `ready` is a copy compressed before (a restored draft), used as it is */
  add(image: QuoteImage, ready?: Blob): void;
  /** cancels an image's work and forgets it */
  remove(key: string): void;
  /** the photo to upload once it is ready; undefined for an image never added */
  result(key: string): Promise<Blob | undefined> | undefined;
  /** the compressed copies made so far, by image key (for the draft) */
  compressed(): Map<string, Blob>;
  clear(): void;
}

export function createImagePreparer(
  compress: () => Promise<Compressor>,
  onChange: (key: string, state: PrepareState | undefined) => void = () => {},
): ImagePreparer {
  const jobs = new Map<string, Job>();
  let running = false;

  const set = (job: Job, state: PrepareState) => {
    job.state = state;
    onChange(job.image.key, state);
  };

  async function pump() {
    if (running) return;
    running = true;
    try {
      for (let job = nextWaiting(); job; job = nextWaiting()) {
        set(job, { stage: "compressing", percent: 0 });
        const current = job;
        const blob = await compressOrOriginal(
          current.image,
          compress,
          (percent) => jobs.get(current.image.key) === current && set(current, { stage: "compressing", percent }),
          current.controller.signal,
        );
        if (jobs.get(current.image.key) !== current) continue; // removed while it worked
        current.blob = blob;
        current.resolve(blob);
        set(current, { stage: "ready", percent: 100 });
      }
    } finally {
      running = false;
    }
  }
  const nextWaiting = () => [...jobs.values()].find((job) => job.state.stage === "waiting");

  function add(image: QuoteImage, ready?: Blob) {
    let resolve: Job["resolve"] = () => {};
    const result = new Promise<Blob | undefined>((r) => (resolve = r));
    const job: Job = {
      image,
      state: { stage: "waiting", percent: 0 },
      controller: new AbortController(),
      result,
      resolve,
    };
    jobs.set(image.key, job);
    if (ready) {
      job.blob = ready;
      resolve(ready);
      set(job, { stage: "ready", percent: 100 });
    } else {
      onChange(image.key, job.state);
      void pump();
    }
  }

  function remove(key: string) {
    const job = jobs.get(key);
    if (!job) return;
    jobs.delete(key);
    job.controller.abort();
    job.resolve(undefined);
    onChange(key, undefined);
  }

  return {
    add,
    remove,
    result: (key) => jobs.get(key)?.result,
    compressed() {
      const copies = new Map<string, Blob>();
      for (const [key, job] of jobs) if (job.blob && job.blob !== job.image.file) copies.set(key, job.blob);
      return copies;
    },
    clear() {
      for (const key of [...jobs.keys()]) remove(key);
    },
  };
}
