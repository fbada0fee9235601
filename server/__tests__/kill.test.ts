/**
 * Durable before acknowledged: a server killed with SIGKILL in the middle of
 * a stream of inquiries has every record it answered 201 for on disk, whole;
 * after a restart no temporary file is left.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isTempName } from "../api/store";
import { filesIn } from "./helpers/harness";

const child = path.join(__dirname, "helpers", "child-server.ts");

function start(dataDir: string): Promise<{ process: ChildProcess; origin: string; output: string[] }> {
  // node itself runs the server (tsx as a loader, not as a parent process), so SIGKILL reaches the server
  const proc = spawn(process.execPath, ["--import", "tsx", child], {
    env: { ...process.env, PREVIEW_DATA_DIR: dataDir },
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    proc.stdout!.on("data", (chunk: Buffer) => {
      output.push(...chunk.toString().split("\n").filter(Boolean));
      const port = output.map((line) => /^PORT (\d+)$/.exec(line)?.[1]).find(Boolean);
      if (port) resolve({ process: proc, origin: `http://127.0.0.1:${port}`, output });
    });
    proc.on("exit", (code) => reject(new Error(`the server exited (${code}) before it listened`)));
  });
}

const inquiry = (origin: string, n: number) =>
  JSON.stringify({
    Inquiry: {
      UserId: "nettside-anonym",
      RegNumber: `KILL${n}`,
      PhoneNumber: "+47 912 34 567",
      Email: "kari@example.no",
      Message: `Skade nummer ${n}: ${"bulk i døra ".repeat(200)}`,
      State: "NEW",
    },
    damageRequests: [{ Images: [{ filename: "img_a.jpg", url: `${origin}/api/media/file/img_a.jpg` }] }],
  });

test("kill -9 during a stream of inquiries loses no acknowledged record and leaves no temporary file", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-kill-"));
  // the upload every inquiry names (the server takes inquiries only for uploads it has)
  fs.mkdirSync(path.join(dataDir, "media"));
  fs.writeFileSync(path.join(dataDir, "media", "img_a.jpg"), "x");
  const first = await start(dataDir);
  const acknowledged: string[] = [];
  let n = 0;
  let killed = false;
  const refused: string[] = [];
  let lost = 0;
  // four clients post one after another until the server dies under them
  const client = async () => {
    while (!killed) {
      const reg = `KILL${++n}`;
      try {
        const response = await fetch(`${first.origin}/inquiry`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: inquiry(first.origin, n),
        });
        if (response.status === 201) acknowledged.push(reg);
        else refused.push(`${response.status} ${await response.text()}`);
      } catch {
        lost++; // the server is gone: this one was never acknowledged
      }
    }
  };
  const clients = Promise.all([client(), client(), client(), client()]);
  const deadline = Date.now() + 20_000;
  while (acknowledged.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  first.process.kill("SIGKILL");
  await new Promise((resolve) => first.process.once("exit", resolve));
  killed = true;
  await clients;

  const second = await start(dataDir);
  try {
    const files = filesIn(dataDir);
    expect(files.filter((f) => isTempName(path.basename(f)))).toEqual([]);
    const stored = new Set(
      files
        .filter((f) => f.startsWith("inquiry"))
        .map(
          (f) =>
            (JSON.parse(fs.readFileSync(path.join(dataDir, f), "utf8")) as { Inquiry: { RegNumber: string } }).Inquiry
              .RegNumber,
        ),
    );
    expect(refused).toEqual([]);
    expect(lost).toBeGreaterThan(0); // the server really died under its clients
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.filter((reg) => !stored.has(reg))).toEqual([]);
    // and the restarted server takes the next one
    const next = await fetch(`${second.origin}/inquiry`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: inquiry(second.origin, 99_999),
    });
    expect(next.status).toBe(201);
  } finally {
    second.process.kill("SIGKILL");
    await new Promise((resolve) => second.process.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
