import nodemailer from 'nodemailer';
import type { Config } from '../../../platform/config.js';
import type { Logger } from '../../../platform/logger.js';
import type { Mailer } from '../../../platform/mailer.js';

/** `a***@example.com`: enough for an operator to tell whose mail it was, not the whole address. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/**
 * SMTP when SMTP_HOST is set. Without it nothing is sent and only that fact is logged (masked address,
 * subject): the message itself — a recovery or verification code, an invitation link — never goes to the
 * log, which the built-in log backend serves (issue 25). Administrators hand invitation and recovery
 * links over from the console instead (docs/identity.md).
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  if (!config.SMTP_HOST) {
    return {
      async send(mail) {
        logger.warn('a mail was not sent: SMTP is not configured (SMTP_HOST)', {
          to: maskAddress(mail.to),
          subject: mail.subject,
        });
        return false;
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE === 'true',
    ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } } : {}),
    tls: { rejectUnauthorized: config.SMTP_SECURE === 'true' },
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: config.SMTP_FROM, to: mail.to, subject: mail.subject, text: mail.text });
        return true;
      } catch (error) {
        logger.error('sending mail failed', { to: maskAddress(mail.to), subject: mail.subject, error });
        return false;
      }
    },
  };
}
