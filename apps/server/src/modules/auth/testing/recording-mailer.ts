import type { Mail, Mailer } from '../../../platform/mailer.js';

/**
 * The test double of the mailer: keeps every message in `outbox` and reports it delivered, so tests read
 * codes and links from the mail itself (never from the log, where the real mailer no longer puts them).
 */
export function recordingMailer(): Mailer & { outbox: Mail[] } {
  const outbox: Mail[] = [];
  return {
    outbox,
    async send(mail) {
      outbox.push(mail);
      return true;
    },
  };
}

/** A recorded mail as one text (address, subject, body), for tests that look for a code or a link in it. */
export function mailText(mail: Mail): string {
  return `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`;
}
