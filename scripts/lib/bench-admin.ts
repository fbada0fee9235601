/** How long a booking takes to reach the workshop as an e-mail through Payload (payload/test/serve.ts). */
import { spawn } from "node:child_process";
import path from "node:path";
import { contact } from "./bench-server";

export async function benchAdmin(bookings = 5): Promise<void> {
  const serve = ["--import", "tsx", path.join("payload", "test", "serve.ts")];
  const admin = spawn(process.execPath, serve, { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  admin.stdout!.on("data", (chunk: Buffer) => (out += String(chunk)));
  const until = async (test: () => unknown) => {
    for (const stop = Date.now() + 60_000; !test(); await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > stop) throw new Error(`the admin host said nothing for a minute:\n${out}`);
    }
  };
  const mails = () => out.match(/^MAIL verksted@bulkeklinikken\.test$/gm)?.length ?? 0;
  try {
    let origin: string | undefined;
    await until(() => (origin = /^ADMIN (\S+)$/m.exec(out)?.[1]));
    const times: number[] = [];
    for (let n = 0; n < bookings; n++) {
      const [sent, before] = [performance.now(), mails()];
      await contact(origin!, `kunde${n}.${Date.now()}@example.no`, "");
      await until(() => mails() > before);
      times.push(Math.round(performance.now() - sent));
    }
    console.log(`\nA booking to the workshop's e-mail through Payload, ${bookings} in a row: ${times.join(", ")} ms`);
  } finally {
    admin.stdin!.end();
  }
}
