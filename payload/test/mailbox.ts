/**
 * A local SMTP server for the tests (smtp-server), keeping each e-mail it
 * takes, parsed (mailparser). It can refuse every recipient (550), leave a
 * message's DATA unanswered for ever (a send cut off midway: that message is
 * not kept), or be stopped and started again on the same port, to play a
 * mail server that says no, hangs or is away.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface Mailbox {
  port: number;
  mails: ParsedMail[];
  /** every recipient is refused with 550 while true */
  refuse: boolean;
  /** while true, the next message's DATA gets no answer, ever (then it is false again) */
  hangNext: boolean;
  /** how many messages got no answer */
  hung: number;
  /** the mails to `address` so far */
  to(address: string): ParsedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

function server(box: Pick<Mailbox, "mails" | "refuse" | "hangNext" | "hung">): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!box.refuse) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      if (box.hangNext) {
        box.hangNext = false;
        box.hung++;
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          box.mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
}

const listen = (smtp: SMTPServer, port: number) =>
  new Promise<number>((resolve, reject) => {
    smtp.on("error", reject);
    smtp.listen(port, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port));
  });

/** A mailbox listening on `port` (default: any free one). */
export async function startMailbox(port = 0): Promise<Mailbox> {
  let smtp: SMTPServer | undefined;
  const box: Mailbox = {
    port,
    mails: [],
    refuse: false,
    hangNext: false,
    hung: 0,
    to: (address) => box.mails.filter((mail) => mail.to && [mail.to].flat().some((to) => to.text === address)),
    async stop() {
      const running = smtp;
      smtp = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async start() {
      smtp = server(box);
      box.port = await listen(smtp, box.port);
    },
  };
  await box.start();
  return box;
}

/** The plugin's e-mail variables for a host that sends to `box`, the workshop's e-mails to `workshop`. */
export const mailEnv = (box: Pick<Mailbox, "port">, workshop: string) => ({
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(box.port),
  SMTP_SECURE: "false",
  EMAIL_FROM: "nettside@bulkeklinikken.test",
  WORKSHOP_EMAIL: workshop,
});
