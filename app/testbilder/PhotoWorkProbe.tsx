"use client";
/**
 * Prepares every chosen photo through lib/photos, one at a time as the quote
 * form does, and lists each result (size, bytes, check, path) as text and on
 * `window.__photoProbe` for the tests and the bench. The longest gap between
 * the page's own timer ticks while it works is the longest main-thread block,
 * measured the same way in every engine.
 */
import { useState, type ChangeEvent } from "react";

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
}

declare global {
  interface Window {
    __photoProbe?: ProbeRun;
    __photoProbeUploaded?: Blob[];
  }
}

/** Ticks every few ms; the longest gap between two ticks is how long the thread was blocked. */
function watchMainThread() {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  return () => {
    running = false;
    return longest;
  };
}

async function prepareAll(files: File[]): Promise<ProbeRun> {
  const stop = watchMainThread();
  const started = performance.now();
  const { loadPhotoWork } = await import("@/lib/photos");
  const work = await loadPhotoWork();
  const results: ProbeResult[] = [];
  const blobs: Blob[] = [];
  for (const file of files) {
    let verdict: string | undefined;
    try {
      const photo = await work.prepare(file, { onCheck: (check) => (verdict = check.verdict) });
      blobs.push(photo.blob);
      results.push({ name: file.name, ...photo, bytes: photo.blob.size, verdict, path: work.lastPath });
    } catch (error) {
      results.push({ name: file.name, error: error instanceof Error ? error.name : String(error) });
    }
  }
  const totalMs = performance.now() - started;
  window.__photoProbeUploaded = blobs;
  return { results, totalMs, longestBlockMs: stop() };
}

export function PhotoWorkProbe() {
  const [run, setRun] = useState<ProbeRun>();
  const [busy, setBusy] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    setBusy(true);
    const result = await prepareAll(files);
    window.__photoProbe = result;
    setRun(result);
    setBusy(false);
  }

  return (
    <main>
      <h1>Testbilder</h1>
      <label>
        Choose photos <input type="file" accept="image/*" multiple onChange={choose} />
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
    </main>
  );
}
