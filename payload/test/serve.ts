/**
 * A real Payload admin host with a local mailbox, in a process of its own, for
 * the browser test of the built site's forms (e2e/admin-host.spec.ts): prints
 * `ADMIN <origin> <the staff's Authorization header>`, then, for each e-mail
 * the mailbox receives, `MAIL <to>`.
 * Ends, closing both, when its standard input closes.
 */
import { startAdminHost } from "./harness";
import { startMailbox } from "./mailbox";

const box = await startMailbox();
const host = await startAdminHost({
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(box.port),
  SMTP_SECURE: "false",
  EMAIL_FROM: "nettside@bulkeklinikken.test",
  WORKSHOP_EMAIL: "verksted@bulkeklinikken.test",
});
let told = 0;
const tell = setInterval(() => {
  for (const mail of box.mails.slice(told)) {
    process.stdout.write(
      `MAIL ${[mail.to ?? []]
        .flat()
        .map((to) => to.text)
        .join(",")}\n`,
    );
  }
  told = box.mails.length;
}, 50);
process.stdout.write(`ADMIN ${host.origin} ${host.staff.Authorization}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  clearInterval(tell);
  await host.close();
  await box.stop();
  process.exit(0);
});
