/**
 * The workshop's Payload app (admin/, through payload/test/serve.ts, with a
 * local mailbox): how long it takes to build when its sources changed, and
 * how long a booking and a quote with one photo take from the site's request
 * to the workshop's e-mail, five of each in a row, with their medians.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import sharp from "sharp";
import { contact } from "./bench-server";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A quote with one uploaded photo, as the site sends it. */
async function quote(origin: string, n: number): Promise<Response> {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#456" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("_payload", "{}");
  const filename = `img_${crypto.randomUUID().replace(/-/g, "")}.jpg`;
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), filename);
  const uploaded = await fetch(`${origin}/api/media?depth=0&fallback-locale=null`, { method: "POST", body: form });
  const { doc } = (await uploaded.json()) as { doc: { filename: string; url: string } };
  const Inquiry = {
    UserId: "bench",
    RegNumber: "EL12345",
    PhoneNumber: "+47 912 34 567",
    Email: `kunde${n}.${Date.now()}@example.no`,
    Message: "",
    State: "NEW",
  };
  const body = JSON.stringify({ Inquiry, damageRequests: [{ Images: [{ filename: doc.filename, url: doc.url }] }] });
  return fetch(`${origin}/api/inquiry`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
}

export async function benchAdmin(count = 5): Promise<void> {
  const started = performance.now();
  const build = spawnSync("npx", ["tsx", "scripts/admin.ts", "--build"], { stdio: "ignore" });
  if (build.status !== 0) throw new Error("the admin app's build failed: npx tsx scripts/admin.ts --build");
  console.log(
    `\nThe admin app built when needed (npx tsx scripts/admin.ts --build): ${Math.round(performance.now() - started)} ms`,
  );
  const serve = ["--import", "tsx", path.join("payload", "test", "serve.ts")];
  const admin = spawn(process.execPath, serve, { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  admin.stdout!.on("data", (chunk: Buffer) => (out += String(chunk)));
  const until = async (test: () => unknown) => {
    for (const stop = Date.now() + 120_000; !test(); await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > stop) throw new Error(`the admin app said nothing for two minutes:\n${out}`);
    }
  };
  const mails = () => out.match(/^MAIL verksted@bulkeklinikken\.test$/gm)?.length ?? 0;
  try {
    let origin: string | undefined;
    const starting = performance.now();
    await until(() => (origin = /^ADMIN (\S+)/m.exec(out)?.[1]));
    console.log(`The admin app started and answered its API: ${Math.round(performance.now() - starting)} ms`);
    for (const [what, send] of [
      ["booking", (n: number) => contact(origin!, `kunde${n}.${Date.now()}@example.no`, "")],
      ["quote with one photo", (n: number) => quote(origin!, n)],
    ] as const) {
      const times: number[] = [];
      for (let n = 0; n < count; n++) {
        const [sent, before] = [performance.now(), mails()];
        const answer = await send(n);
        if (!answer.ok) throw new Error(`the ${what} answered ${answer.status}: ${await answer.text()}`);
        await until(() => mails() > before);
        times.push(Math.round(performance.now() - sent));
      }
      console.log(
        `A ${what} to the workshop's e-mail, ${count} in a row: ${times.join(", ")} ms (median ${median(times)} ms)`,
      );
    }
  } finally {
    admin.stdin!.end();
  }
}
