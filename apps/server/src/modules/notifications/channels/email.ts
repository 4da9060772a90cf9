import nodemailer from 'nodemailer';
import { checkHost, describeError } from '../../connections/index.js';
import { type Channel, prop } from './channel.js';

/**
 * Email over SMTP (nodemailer) to the address the egress guard checked, the host name kept for TLS:
 * every encryption (None, ExplicitTLS, ImplicitTLS, Auto — implicit on 465) and auth method (None,
 * Plain, CRAMMD5, Unknown — the server's choice, OAuth2 — the password as an access token) of the form.
 */
export const email: Channel = async (connection, message, ctx) => {
  const host = prop(connection, 'host');
  if (!host) throw new Error('Email: the host is empty');
  const to = message.to ?? [];
  if (to.length === 0) throw new Error('Email: no recipient address');
  let address: string;
  try {
    address = (await checkHost(ctx.guard, host)).address;
  } catch (error) {
    throw new Error(`Email: ${describeError(error)}`);
  }
  const port = Number(prop(connection, 'port', '587'));
  const encryption = prop(connection, 'encryptionMethod', 'Auto');
  const authMethod = prop(connection, 'smtpAuthMethod', 'Unknown');
  const user = connection.username ?? '';
  const auth =
    authMethod === 'None' || !user
      ? {}
      : authMethod === 'OAuth2'
        ? { auth: { type: 'OAuth2' as const, user, accessToken: connection.password ?? '' } }
        : {
            auth: { user, pass: connection.password ?? '' },
            ...(authMethod === 'Plain'
              ? { authMethod: 'PLAIN' }
              : authMethod === 'CRAMMD5'
                ? { authMethod: 'CRAM-MD5' }
                : {}),
          };
  const transport = nodemailer.createTransport({
    host: address,
    port,
    secure: encryption === 'ImplicitTLS' || (encryption === 'Auto' && port === 465),
    requireTLS: encryption === 'ExplicitTLS',
    ignoreTLS: encryption === 'None',
    connectionTimeout: ctx.timeoutMs,
    greetingTimeout: ctx.timeoutMs,
    socketTimeout: ctx.timeoutMs,
    tls: { servername: host, rejectUnauthorized: !connection.insecure_tls },
    ...auth,
  });
  const fromAddress = prop(connection, 'fromAddress', user.includes('@') ? user : `mission-control@${host}`);
  const fromName = prop(connection, 'fromName');
  try {
    await transport.sendMail({
      from: fromName ? { name: fromName, address: fromAddress } : fromAddress,
      to,
      subject: message.title,
      text: message.body,
    });
  } catch (error) {
    throw new Error(`Email: ${describeError(error)}`);
  } finally {
    transport.close();
  }
};
