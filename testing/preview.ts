/**
 * `npm start`'s server in a process of its own, for the tests that need one
 * they can stop, kill and start again (its data folder stays): the built site
 * and the workshop's Payload on `dataDir`, or what another `entry` serves.
 * Resolves once it says it runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface PreviewProcess {
  /** http://localhost:<port> */
  origin: string;
  port: number;
  process: ChildProcess;
  /** what it has printed so far */
  output(): string;
  /** ends it with `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and waits until it has gone */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface PreviewProcessOptions {
  dataDir: string;
  /**
   * the script to run (default server/start.ts); it must print `The site runs at
   * http://localhost:<port>` once it serves
   */
  entry?: string;
  /** 0 (the default): a free port */
  port?: number;
  env?: Record<string, string>;
  /** how long it may take to start */
  timeoutMs?: number;
}

export function startPreviewProcess({
  dataDir,
  entry = path.join("server", "start.ts"),
  port = 0,
  env = {},
  timeoutMs = 120_000,
}: PreviewProcessOptions): Promise<PreviewProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { ...process.env, ...env, PORT: String(port), PREVIEW_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await gone;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`npm start did not start within ${timeoutMs} ms:\n${text}`)),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.stdout!.off("data", check);
      void stop("SIGKILL").then(() => reject(error));
    };
    const check = () => {
      const found = /The site runs at http:\/\/localhost:(\d+)/.exec(text)?.[1];
      if (!found) return;
      clearTimeout(timer);
      child.stdout!.off("data", check);
      const listening = Number(found);
      resolve({ origin: `http://localhost:${listening}`, port: listening, process: child, output: () => text, stop });
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => fail(new Error(`npm start ended (${code}) before it started:\n${text}`)));
  });
}
