/**
 * The certificate authority a migrating user's machines would already trust, made for the run: a CA and
 * one server certificate naming every host the fixtures dial over TLS. The replay runs itself again
 * with `NODE_EXTRA_CA_CERTS` pointing at the CA, so the HTTP check verifies the stand-in's certificate
 * exactly as it verifies a real one (no `insecureSkipVerify` the fixture did not ask for).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the files are: `ca.pem` (trust), `server.pem` and `server.key` (the HTTPS stand-in). */
export interface TlsMaterial {
  dir: string;
  ca: string;
  cert: string;
  key: string;
}

/** Host names dialled over TLS in the fixture texts (`https://host…`), plus localhost. */
export function tlsHostsOf(texts: string[]): string[] {
  const hosts = new Set(['localhost']);
  for (const text of texts) {
    for (const match of text.matchAll(/https:\/\/(?:[^@/\s"']*@)?([a-z0-9.-]+\.[a-z]{2,})/gi)) {
      if (match[1]) hosts.add(match[1].toLowerCase());
    }
  }
  return [...hosts].sort();
}

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: 'ignore' });
}

/** Makes the CA and a server certificate for `hosts` (and 127.0.0.1), valid a year. */
export function makeTlsMaterial(hosts: string[]): TlsMaterial {
  const dir = mkdtempSync(join(tmpdir(), 'mc-upstream-tls-'));
  const file = (name: string) => join(dir, name);
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '365', '-subj', '/CN=Fixture replay CA'].concat([
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
    ]),
  );
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=fixture stand-in', '-keyout', file('server.key')].concat([
      '-out',
      file('server.csr'),
    ]),
  );
  const names = hosts.map((host) => `DNS:${host}`).concat('IP:127.0.0.1');
  writeFileSync(file('ext.cnf'), `subjectAltName=${names.join(',')}\n`);
  openssl(
    ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key')].concat([
      '-CAcreateserial',
      '-days',
      '365',
      '-extfile',
      file('ext.cnf'),
      '-out',
      file('server.pem'),
    ]),
  );
  return { dir, ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
}

/** The material a parent run made, read back from its folder. */
export function tlsMaterialIn(dir: string): TlsMaterial {
  return { dir, ca: join(dir, 'ca.pem'), cert: join(dir, 'server.pem'), key: join(dir, 'server.key') };
}
