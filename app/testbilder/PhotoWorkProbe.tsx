"use client";
/**
 * Prepares every chosen photo through lib/photos/photo-work, one at a time as the quote
 * form does, and lists each result (size, bytes, check, path) as text and on
 * `window.__photoProbe` for the tests and the bench. The longest gap between
 * the page's own timer ticks while it works is the longest main-thread block,
 * measured the same way in every engine. Which path a photo took (worker or
 * page) is seen from outside lib/photos/photo-work: every worker the page starts is
 * watched for its `done` answer, which only a photo made in a worker gets.
 */
import { useState, type ChangeEvent } from "react";
import { useHydrated } from "@/components/ui/useHydrated";
import type { WorkerMessage } from "@/lib/photos/photo-work/types";

export interface ProbeResult {
  name: string;
  width?: number;
  height?: number;
  bytes?: number;
  verdict?: string;
  path?: string;
  error?: string;
}

export interface ProbeRun {
  results: ProbeResult[];
  /** from the choice until every photo is ready, ms */
  totalMs: number;
  /** the longest gap between two timer ticks on the main thread, ms */
  longestBlockMs: number;
  /** every gap over 30 ms: [ms since the choice, its length] */
  blocks: [number, number][];
  /** when each step happened, ms since the choice */
  marks: [string, number][];
}

declare global {
  interface Window {
    __photoProbe?: ProbeRun;
    __photoProbeUploaded?: Blob[];
  }
}

/** Ticks every few ms; the longest gap between two ticks is how long the thread was blocked. */
function watchMainThread(started: number) {
  let last = performance.now();
  let running = true;
  const blocks: [number, number][] = [];
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    if (now - last > 30) blocks.push([Math.round(last - started), Math.round(now - last)]);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  return () => {
    running = false;
    return { longestBlockMs: Math.round(longest), blocks };
  };
}

let doneInWorker = 0;

/** Counts the `done` answers of every worker started from now on (once per page). */
function watchWorkers() {
  if (typeof Worker !== "function" || "watched" in Worker) return;
  window.Worker = class extends Worker {
    static watched = true;
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener("message", (event: MessageEvent<WorkerMessage>) => {
        if (event.data?.type === "done") doneInWorker++;
      });
    }
  };
}

async function prepareAll(files: File[]): Promise<ProbeRun> {
  const started = performance.now();
  const stop = watchMainThread(started);
  const marks: [string, number][] = [];
  const mark = (name: string) => marks.push([name, Math.round(performance.now() - started)]);
  watchWorkers();
  const { loadPhotoWork } = await import("@/lib/photos/photo-work/work");
  const work = await loadPhotoWork();
  mark("loaded");
  const results: ProbeResult[] = [];
  const blobs: Blob[] = [];
  for (const file of files) {
    let verdict: string | undefined;
    const done = doneInWorker;
    try {
      const photo = await work.prepare(file, {
        onCheck: (check) => {
          verdict = check.verdict;
          mark(`check ${file.name}`);
        },
      });
      mark(`ready ${file.name}`);
      blobs.push(photo.blob);
      results.push({
        name: file.name,
        ...photo,
        bytes: photo.blob.size,
        verdict,
        path: doneInWorker > done ? "worker" : "page",
      });
    } catch (error) {
      results.push({ name: file.name, error: error instanceof Error ? error.name : String(error) });
    }
  }
  const totalMs = performance.now() - started;
  window.__photoProbeUploaded = blobs;
  return { results, totalMs, ...stop(), marks };
}

export function PhotoWorkProbe() {
  const [run, setRun] = useState<ProbeRun>();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    setBusy(true);
    const result = await prepareAll(files);
    window.__photoProbe = result;
    setRun(result);
    setBusy(false);
  }

  return (
    <section aria-labelledby="testbilder-heading">
      <h1 id="testbilder-heading">Testbilder</h1>
      <label>
        Choose photos <input type="file" accept="image/*" multiple onChange={choose} disabled={!hydrated} />
      </label>
      <p role="status">{busy ? "Working" : run ? "Ready" : "Waiting"}</p>
      {run && (
        <ul aria-label="Prepared photos">
          {run.results.map((r, index) => (
            <li key={index}>
              {r.error
                ? `${r.name}: ${r.error}`
                : `${r.name}: ${r.width}×${r.height}, ${r.bytes} bytes, ${r.verdict}, ${r.path}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
