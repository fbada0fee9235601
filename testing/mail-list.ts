/** What the browser tests' mail server (./mailbox-serve.ts) lists, and where. */

/** A mail as the listing gives it. */
export interface ListedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The listing's address for a mail server taking SMTP on `smtpPort`. */
export const mailListUrl = (smtpPort: number) => `http://127.0.0.1:${smtpPort + 1}/mails`;

/** The mails the server on `smtpPort` has taken so far. */
export async function listedMails(smtpPort: number): Promise<ListedMail[]> {
  const response = await fetch(mailListUrl(smtpPort));
  if (!response.ok) throw new Error(`the mail stand-in answered ${response.status}`);
  return (await response.json()) as ListedMail[];
}
