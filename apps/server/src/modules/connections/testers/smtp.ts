import nodemailer from 'nodemailer';
import { type ConnectionTester, checkHost, describeError, withTimeout } from './tester.js';

/**
 * Opens an SMTP session with nodemailer (`verify`) to the address the egress guard checked (the host
 * name kept for TLS): connects, negotiates TLS and logs in when asked to.
 */
export const testSmtp: ConnectionTester = async (connection, { timeoutMs, guard }) => {
  const props = connection.properties;
  const host = String(props.host ?? '');
  if (!host) throw new Error('Email: the host is empty');
  let address: string;
  try {
    address = (await checkHost(guard, host)).address;
  } catch (error) {
    throw new Error(`Email: ${describeError(error)}`);
  }
  const port = Number(props.port ?? 587);
  const encryption = String(props.encryptionMethod ?? 'Auto');
  const authMethod = String(props.smtpAuthMethod ?? 'Unknown');
  const transport = nodemailer.createTransport({
    host: address,
    port,
    secure: encryption === 'ImplicitTLS' || (encryption === 'Auto' && port === 465),
    requireTLS: encryption === 'ExplicitTLS',
    ignoreTLS: encryption === 'None',
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    tls: { servername: host, rejectUnauthorized: !connection.insecure_tls },
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
