/**
 * A test CA with a server certificate (localhost, 127.0.0.1) and a client certificate, made by the
 * openssl CLI, for the mutual-TLS tests of the http, prometheus and redis checks.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM texts of the chain. */
export interface TlsChain {
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
}

/** Makes a fresh CA, a server and a client certificate signed by it. */
export function makeTlsChain(): TlsChain {
  const dir = mkdtempSync(join(tmpdir(), 'mc-chain-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=mc-test-ca',
    );
    writeFileSync(file('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    for (const [name, subject, ext] of [
      ['server', '/CN=localhost', file('server.ext')],
      ['client', '/CN=mc-client', undefined],
    ] as const) {
      openssl('req', ...ec, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', subject);
      const extArgs = ext ? ['-extfile', ext] : [];
      openssl(
        'x509',
        '-req',
        '-in',
        file(`${name}.csr`),
        '-CA',
        file('ca.pem'),
        '-CAkey',
        file('ca.key'),
        '-CAcreateserial',
        '-days',
        '2',
        '-out',
        file(`${name}.pem`),
        ...extArgs,
      );
    }
    const read = (name: string) => readFileSync(file(name), 'utf8');
    return {
      ca: read('ca.pem'),
      serverCert: read('server.pem'),
      serverKey: read('server.key'),
      clientCert: read('client.pem'),
      clientKey: read('client.key'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
