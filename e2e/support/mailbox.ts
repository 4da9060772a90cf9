/**
 * The mail the server sent during a journey: scripts/e2e.mjs runs a real local SMTP server, points
 * the server's SMTP settings at it and lists what it received at MC_E2E_MAIL_URL.
 */
interface ReceivedMail {
  to: string;
  raw: string;
}

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const base = process.env.MC_E2E_MAIL_URL;
  if (!base) throw new Error('MC_E2E_MAIL_URL is not set: run the journeys through scripts/e2e.mjs');
  const answer = await fetch(`${base}/mails?to=${encodeURIComponent(address.toLowerCase())}`);
  return (await answer.json()) as ReceivedMail[]; // the harness answers this shape
}

/** How many mails `address` has received so far (pass it to `nextCode` to wait for a newer one). */
export async function mailCount(address: string): Promise<number> {
  return (await mailsTo(address)).length;
}

/** Waits (up to 20 s) for a mail to `address` after the first `seen` ones and returns its 6-digit code. */
export async function nextCode(address: string, seen: number): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = (await mailsTo(address)).slice(seen)[0];
    // quoted-printable soft line breaks are removed before looking for the code
    const code = mail?.raw.replace(/=\r?\n/g, '').match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was mailed to ${address}`);
}

/** The text of a raw mail with quoted-printable soft line breaks and escapes undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits (up to 20 s) for a mail to `address` after the first `seen` ones and returns its first link containing `part`. */
export async function nextLink(address: string, seen: number, part: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = (await mailsTo(address)).slice(seen)[0];
    const link = mail
      ? decoded(mail.raw)
          .match(/https?:\/\/\S+/g)
          ?.find((l) => l.includes(part))
      : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no link with ${part} was mailed to ${address}`);
}
