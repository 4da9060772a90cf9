/** One outgoing message. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends the identity provider's mail (codes, invitations). Never throws: a failure is logged (without the
 * message, which carries a code or a link). Resolves true when the message was handed to the SMTP server,
 * false when it was not sent, so a caller with another way to deliver it (the invitation link answered to
 * the administrator) can use that.
 */
export interface Mailer {
  send(mail: Mail): Promise<boolean>;
}
