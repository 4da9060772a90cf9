import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real local SMTP server on a free port that keeps every message it receives (tests). */
export async function startMailCatcher(): Promise<{
  port: number;
  messages: { to: string; raw: string }[];
  close(): Promise<void>;
}> {
  const messages: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port; // a TCP listener has an AddressInfo
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for the next mail to `to` after `seen` messages and returns the 6-digit code in it. */
export async function codeFromMail(messages: { to: string; raw: string }[], to: string, seen: number): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = messages.slice(seen).find((m) => m.to === to);
    const code = mail?.raw.replace(/=\r?\n/g, '').match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code mailed to ${to}`);
}
