import nodemailer from 'nodemailer';
import { type ConnectionTester, describeError, withTimeout } from './tester.js';

/** Opens an SMTP session with nodemailer (`verify`): connects, negotiates TLS and logs in when asked to. */
export const testSmtp: ConnectionTester = async (connection, { timeoutMs }) => {
  const props = connection.properties;
  const host = String(props.host ?? '');
  if (!host) throw new Error('Email: the host is empty');
  const port = Number(props.port ?? 587);
  const encryption = String(props.encryptionMethod ?? 'Auto');
  const authMethod = String(props.smtpAuthMethod ?? 'Unknown');
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: encryption === 'ImplicitTLS' || (encryption === 'Auto' && port === 465),
    requireTLS: encryption === 'ExplicitTLS',
    ignoreTLS: encryption === 'None',
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    tls: { rejectUnauthorized: !connection.insecure_tls },
    ...(authMethod !== 'None' && connection.username
      ? {
          auth: { user: connection.username, pass: connection.password ?? '' },
          ...(authMethod === 'Plain'
            ? { authMethod: 'PLAIN' }
            : authMethod === 'CRAMMD5'
              ? { authMethod: 'CRAM-MD5' }
              : {}),
        }
      : {}),
  });
  try {
    await withTimeout(transport.verify(), timeoutMs + 1000, 'SMTP server');
    return `SMTP server ${host}:${port} accepted the session`;
  } catch (error) {
    throw new Error(`Email: ${describeError(error)}`);
  } finally {
    transport.close();
  }
};
