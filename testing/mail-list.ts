/** What the browser tests' mail server (./mailbox-serve.ts) lists, and where. */

/** A mail as the listing gives it. */
export interface ListedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Where the servers under test send the workshop's e-mails. */
export const WORKSHOP_EMAIL = "verksted@bulkeklinikken.test";

/** The e-mail settings of a server under test whose mail goes to the mail server on `smtpPort`. */
export const testMailEnv = (smtpPort: number) => ({
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(smtpPort),
  SMTP_SECURE: "false",
  EMAIL_FROM: "nettside@bulkeklinikken.test",
  WORKSHOP_EMAIL,
});

/** The listing's address for a mail server taking SMTP on `smtpPort`. */
export const mailListUrl = (smtpPort: number) => `http://127.0.0.1:${smtpPort + 1}/mails`;

/** The mails the server on `smtpPort` has taken so far. */
export async function listedMails(smtpPort: number): Promise<ListedMail[]> {
  const response = await fetch(mailListUrl(smtpPort));
  if (!response.ok) throw new Error(`the mail stand-in answered ${response.status}`);
  return (await response.json()) as ListedMail[];
}

/**
 * The newest mail to `to` whose subject matches, once the server on `smtpPort` has taken it; throws after
 * `timeoutMs` without one.
 */
export async function waitForMail(smtpPort: number, to: string, subject: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listedMails(smtpPort)).filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a subject like ${subject} came`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
