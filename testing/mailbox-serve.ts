/**
 * A local mail server for the browser tests' server, as a process of its
 * own: `tsx testing/mailbox-serve.ts` takes SMTP on MAIL_STAND_IN_PORT and
 * lists what it took as JSON at `GET http://127.0.0.1:<MAIL_STAND_IN_PORT + 1>/mails`
 * (each mail's recipients, subject and text), until it is stopped.
 */
import http from "node:http";
import { startMailbox } from "../payload/test/mailbox";
import { mailListUrl, type ListedMail } from "./mail-list";

async function main() {
  const port = Number(process.env.MAIL_STAND_IN_PORT);
  const box = await startMailbox(port);
  const server = http.createServer((req, res) => {
    const mails: ListedMail[] = box.mails.map((mail) => ({
      to: [mail.to ?? []].flat().flatMap((to) => to.value.map((address) => address.address ?? "")),
      subject: mail.subject ?? "",
      text: mail.text ?? "",
    }));
    res.writeHead(req.url === "/mails" ? 200 : 404, { "Content-Type": "application/json" });
    res.end(JSON.stringify(req.url === "/mails" ? mails : { error: "not found" }));
  });
  server.listen(port + 1, "127.0.0.1");
  console.log(`The mail stand-in takes SMTP on ${port} and lists at ${mailListUrl(port)}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.close();
      void box.stop().then(() => process.exit(0));
    });
  }
}

void main();
