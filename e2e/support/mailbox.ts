import { readFileSync } from 'node:fs';
import { E2E_MAILBOX } from './env';

type Mail = { to: string[]; raw: string };

/** Waits (bounded) for a mail to `address` whose body matches `pattern`, and returns the first match group. */
export async function waitForMailLink(address: string, pattern: RegExp, timeoutMs = 45_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = readFileSync(E2E_MAILBOX, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Mail)
      .filter((m) => m.to.includes(address.toLowerCase()));
    for (const mail of mails.reverse()) {
      // Quoted-printable soft line breaks would split long links.
      const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = pattern.exec(body);
      if (match) return match[1] ?? match[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${address} matching ${pattern} arrived within ${timeoutMs} ms.`);
}
