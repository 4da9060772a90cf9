import nodemailer from 'nodemailer';
import type { Config } from '../../../platform/config.js';
import type { Logger } from '../../../platform/logger.js';

/** One outgoing message. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the identity provider's mail (codes, invitations). Never throws: a failure is logged. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_HOST is set; otherwise the message (with its code) goes to the server log with a
 * warning, so a first-run operator without mail can still recover or verify an account.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  if (!config.SMTP_HOST) {
    return {
      async send(mail) {
        logger.warn('SMTP is not configured (SMTP_HOST); the message is written to the log instead', {
          to: mail.to,
          subject: mail.subject,
          body: mail.text,
        });
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
      } catch (error) {
        logger.error('sending mail failed', { to: mail.to, subject: mail.subject, error });
      }
    },
  };
}
