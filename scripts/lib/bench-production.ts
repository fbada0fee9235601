/**
 * The workshop's app as a host runs it in production: how long
 * `npm run admin:build` takes and how large the server folder it assembles
 * is; from `npm run admin:start` on a fresh data folder until /api/health
 * answers 200; the server's memory (resident set) when idle and after 100
 * bookings; and a backup and a restore of 1,000 bookings and 1,000 photos
 * (`npm run admin:backup`, `npm run admin:restore`).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ADMIN_SERVER_DIR, ADMIN_SERVER_ENTRY } from "./admin-server";
import { contact } from "./bench-server";

const ms = (since: number) => `${Math.round(performance.now() - since)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Bytes in every file under `dir`. */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** The resident set of process `pid`, in bytes. */
const residentBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

async function until(what: string, check: () => Promise<boolean>, limitMs = 120_000): Promise<void> {
  for (const stop = Date.now() + limitMs; !(await check().catch(() => false));) {
    if (Date.now() > stop) throw new Error(`waited ${limitMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): void {
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], { env, stdio: "ignore" });
  if (run.status !== 0) throw new Error(`npm run ${script} failed`);
}

export async function benchProduction(): Promise<void> {
  console.log("\nThe admin app in production:");
  let started = performance.now();
  npmRun("admin:build", [], process.env);
  console.log(`  npm run admin:build: ${ms(started)}`);
  console.log(
    `  the server folder (${path.relative(process.cwd(), ADMIN_SERVER_DIR)}/): ${mb(folderBytes(ADMIN_SERVER_DIR))}`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-production-"));
  const port = 3900 + Math.floor(Math.random() * 90);
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PREVIEW_DATA_DIR: dataDir, PORT: String(port), SERVER_URL: `http://localhost:${port}` };
  // the server itself, as admin:start runs it, so its own memory is what is measured
  const server = spawn(process.execPath, [ADMIN_SERVER_ENTRY], {
    cwd: path.dirname(ADMIN_SERVER_ENTRY),
    env: { ...env, NODE_ENV: "production", HOSTNAME: "127.0.0.1" },
    stdio: "ignore",
  });
  try {
    started = performance.now();
    await until("/api/health", async () => (await fetch(`${origin}/api/health`)).status === 200);
    console.log(`  start until /api/health answers 200 (fresh data folder, migrations included): ${ms(started)}`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    console.log(`  memory when idle: ${mb(residentBytes(server.pid!))}`);
    for (let n = 0; n < 100; n++) {
      const answer = await contact(origin, `kunde${n}@example.no`, "Bestilling fra benken");
      if (answer.status !== 201) throw new Error(`a booking answered ${answer.status}`);
    }
    console.log(`  memory after 100 bookings: ${mb(residentBytes(server.pid!))}`);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#456" } })
      .jpeg()
      .toBuffer();
    for (let n = 0; n < 1000; n++) {
      if (n >= 100) await contact(origin, `kunde${n}@example.no`, "Bestilling fra benken");
      const form = new FormData();
      form.append("_payload", "{}");
      form.append("file", new Blob([new Uint8Array(photo)]), `img_${crypto.randomUUID().replace(/-/g, "")}.jpg`);
      const answer = await fetch(`${origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body: form });
      if (answer.status !== 201) throw new Error(`an upload answered ${answer.status}`);
    }
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-")), "kopi");
    started = performance.now();
    npmRun("admin:backup", [folder], env);
    console.log(
      `  admin:backup of 1,000 bookings and 1,000 photos, the app running: ${ms(started)} (${mb(folderBytes(folder))})`,
    );
    const restored = fs.mkdtempSync(path.join(os.tmpdir(), "bench-restored-"));
    started = performance.now();
    npmRun("admin:restore", [folder], { ...env, PREVIEW_DATA_DIR: restored });
    console.log(`  admin:restore of it into an empty data folder: ${ms(started)}`);
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    fs.rmSync(restored, { recursive: true, force: true });
  } finally {
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
