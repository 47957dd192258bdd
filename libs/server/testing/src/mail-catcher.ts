import { testEnv, waitFor } from './test-env';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
}

/** Reads the local SMTP catcher (MailDev's REST API) for the mails a test sent. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${testEnv.smtpWebUrl}/api/email?to.address=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`SMTP catcher answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits for the n-th mail to an address and returns it. */
export async function waitForMail(address: string, count = 1, timeoutMs = 20_000): Promise<CaughtMail> {
  const mails = await waitFor(
    async () => {
      const found = await mailsTo(address);
      return found.length >= count ? found : null;
    },
    timeoutMs,
    200,
  );
  return mails[count - 1]!;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match[0];
}
