import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { SECRET_VARIABLES } from './secret-files.js';

const dir = mkdtempSync(join(tmpdir(), 'mc-secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}

describe('secrets from files (<NAME>_FILE)', () => {
  it('reads every secret-bearing variable from its file, trimming the trailing line break', () => {
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL_FILE: secretFile('db', 'postgres://mc:s3cret@db:5432/mc\n'),
      MC_ADMIN_PASSWORD_FILE: secretFile('admin', 'correct horse battery\r\n'),
      SMTP_PASSWORD_FILE: secretFile('smtp', 'smtp-pass'),
      MC_SECRET_KEY_FILE: secretFile('key', `${Buffer.alloc(32, 7).toString('base64')}\n`),
    };
    const config = loadConfig(env);
    expect(config.DATABASE_URL).toBe('postgres://mc:s3cret@db:5432/mc');
    expect(config.MC_ADMIN_PASSWORD).toBe('correct horse battery');
    expect(config.SMTP_PASSWORD).toBe('smtp-pass');
    // code that reads the environment itself (the secret box, worker threads) sees the value; the
    // _FILE entry is gone, so loading again does not find both forms
    expect(env.MC_SECRET_KEY).toBe(Buffer.alloc(32, 7).toString('base64'));
    expect(env.MC_SECRET_KEY_FILE).toBeUndefined();
    expect(loadConfig(env).DATABASE_URL).toBe('postgres://mc:s3cret@db:5432/mc');
  });

  it('covers the documented list of secrets', () => {
    expect([...SECRET_VARIABLES].sort()).toEqual(
      [
        'DATABASE_URL',
        'MC_ADMIN_PASSWORD',
        'MC_AGENT_TOKEN',
        'MC_OIDC_PROVIDERS',
        'MC_SECRET_KEY',
        'MC_SECRET_KEY_PREVIOUS',
        'OTEL_EXPORTER_OTLP_HEADERS',
        'SMTP_PASSWORD',
      ].sort(),
    );
  });

  it('refuses a variable set both directly and as a file, naming both', () => {
    const path = secretFile('both', 'from-file-password');
    const attempt = () => loadConfig({ MC_ADMIN_PASSWORD: 'direct-password', MC_ADMIN_PASSWORD_FILE: path });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`MC_ADMIN_PASSWORD_FILE="${path}": MC_ADMIN_PASSWORD is set too; set only one of them`);
    expect(attempt).not.toThrow(/direct-password|from-file-password/);
  });

  it('refuses a missing file, naming the variable and the path', () => {
    const path = join(dir, 'absent');
    expect(() => loadConfig({ SMTP_PASSWORD_FILE: path })).toThrow(
      `SMTP_PASSWORD_FILE="${path}": cannot read the file (ENOENT)`,
    );
  });

  it.skipIf(process.getuid?.() === 0)('refuses an unreadable file without showing its content', () => {
    const path = secretFile('locked', 'locked-away-secret');
    chmodSync(path, 0o000);
    const attempt = () => loadConfig({ DATABASE_URL_FILE: path });
    expect(attempt).toThrow(`DATABASE_URL_FILE="${path}": cannot read the file (EACCES)`);
    expect(attempt).not.toThrow(/locked-away-secret/);
  });

  it('refuses a folder and an empty file', () => {
    expect(() => loadConfig({ MC_AGENT_TOKEN_FILE: dir })).toThrow(
      `MC_AGENT_TOKEN_FILE="${dir}": cannot read the file (EISDIR)`,
    );
    const empty = secretFile('empty', '\n');
    expect(() => loadConfig({ MC_SECRET_KEY_FILE: empty })).toThrow(`MC_SECRET_KEY_FILE="${empty}": the file is empty`);
  });

  it('validates a value read from a file like a direct one, without showing it', () => {
    const attempt = () => loadConfig({ MC_ADMIN_PASSWORD_FILE: secretFile('short', 'tiny\n') });
    expect(attempt).toThrow('MC_ADMIN_PASSWORD=(hidden): must be at least 8 characters');
    expect(attempt).not.toThrow(/tiny/);
    const badUrl = () => loadConfig({ DATABASE_URL_FILE: secretFile('mysql', 'mysql://mc:hunter22@db/mc') });
    expect(badUrl).toThrow('DATABASE_URL="mysql://mc:***@db/mc": must be a postgres');
    expect(badUrl).not.toThrow(/hunter22/);
  });
});
