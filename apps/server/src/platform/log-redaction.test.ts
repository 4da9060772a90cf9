import { describe, expect, it } from 'vitest';
import { isSecretKey, REDACTED, redact, redactText } from './log-redaction.js';

describe('log redaction: secret keys at any depth', () => {
  it('replaces the values of secret keys, whatever their spelling', () => {
    const out = redact({
      password: 'hunter2',
      SMTP_PASSWORD: 'p',
      clientSecret: 's',
      client_secret: 's',
      access_token: 't',
      csrf_token: 't',
      sessionToken: 't',
      'x-auth-token': 't',
      authorization: 'Bearer abcdefgh',
      Cookie: 'ory_kratos_session=abc',
      'set-cookie': ['a=b'],
      apiKey: 'k',
      'X-Api-Key': 'k',
      private_key: '-----BEGIN',
      passphrase: 'p',
      credentials: { user: 'u', pass: 'p' },
      invite: 'tok',
      hashed_password: '$argon2id$',
    });
    for (const value of Object.values(out)) expect(value).toBe(REDACTED);
  });

  it('walks nested objects and arrays, and leaves other fields as they were', () => {
    const input = {
      msg: 'hello',
      count: 3,
      ok: true,
      nested: { deeper: [{ token: 'abc', name: 'kept' }], headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
    };
    expect(redact(input)).toEqual({
      msg: 'hello',
      count: 3,
      ok: true,
      nested: { deeper: [{ token: REDACTED, name: 'kept' }], headers: { Authorization: REDACTED } },
    });
    expect(input.nested.deeper[0]?.token).toBe('abc');
  });

  it('a `code` key is redacted unless it is a number or an identifier (exit codes, error codes)', () => {
    expect(redact({ code: '493817' })).toEqual({ code: REDACTED });
    expect(redact({ code: 'a1b2c3' })).toEqual({ code: REDACTED });
    expect(redact({ verification_code: '493817' })).toEqual({ verification_code: REDACTED });
    expect(redact({ code: 1 })).toEqual({ code: 1 });
    expect(redact({ code: 'ECONNREFUSED' })).toEqual({ code: 'ECONNREFUSED' });
    expect(redact({ code: 'not_found' })).toEqual({ code: 'not_found' });
  });

  it('keys that only mention a secret stay: counts, hashes, file names, flags', () => {
    for (const key of ['tokens', 'tokenCount', 'passwordFile', 'secretName', 'token_hash', 'passwordless'])
      expect(isSecretKey(key)).toBe(false);
    expect(redact({ hasPassword: true, password: false })).toEqual({ hasPassword: true, password: false });
  });

  it('survives cycles, very deep values and JSON forms (URL, Date)', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ name: 'a', self: REDACTED });
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 30; i += 1) deep = { deep };
    expect(JSON.stringify(redact(deep))).toContain(REDACTED);
    expect(redact({ url: new URL('https://u:p4ss@example.com/x?token=abc') })).toEqual({
      url: `https://u:${REDACTED}@example.com/x?token=${REDACTED}`,
    });
    expect(redact({ at: new Date('2026-01-01T00:00:00Z') })).toEqual({ at: '2026-01-01T00:00:00.000Z' });
  });
});

describe('log redaction: secret shapes inside strings', () => {
  it.each([
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig', `Authorization: ${REDACTED}`],
    ['sent Bearer mc_0123456789abcdef to the agent', `sent Bearer ${REDACTED} to the agent`],
    ['header Basic dXNlcjpwYXNzd29yZA== refused', `header Basic ${REDACTED} refused`],
    ['Cookie: ory_kratos_session=abc; csrf=def', `Cookie: ${REDACTED}`],
    ['set-cookie=mc_session=abc', `set-cookie=${REDACTED}`],
    ['postgres://root:s3cret@db:5432/mc', `postgres://root:${REDACTED}@db:5432/mc`],
    ['connect https://alice:p%40ss@example.com/api failed', `connect https://alice:${REDACTED}@example.com/api failed`],
    [
      'https://mc.example.com/registration?invite=AbCdEf0123456789',
      `https://mc.example.com/registration?invite=${REDACTED}`,
    ],
    [
      'http://x/api/.ory/self-service/recovery?flow=1b2c&token=abc123',
      `http://x/api/.ory/self-service/recovery?flow=1b2c&token=${REDACTED}`,
    ],
    ['/callback?code=4/0AX4XfW&state=s1', `/callback?code=${REDACTED}&state=s1`],
    ['GET /x?api_key=123&a=1', `GET /x?api_key=${REDACTED}&a=1`],
    ['{"user":"a","password":"hunter2"}', `{"user":"a","password":"${REDACTED}"}`],
    ['{"access_token": "t\\"x", "n": 1}', `{"access_token": "${REDACTED}", "n": 1}`],
    ['host=db user=mc password=hunter2 dbname=mc', `host=db user=mc password=${REDACTED} dbname=mc`],
  ])('%s', (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Basic auth failed for the loki backend',
      'password: must be at least 8 characters',
      'postgres://root@127.0.0.1:5432/test',
      'created the first admin; the password is in data/initial-admin-password',
      'GET /api/logs?name=mission-control&levels=error',
      'exit code 1',
    ])
      expect(redactText(text)).toBe(text);
  });

  it('stays fast on long hostile inputs (no catastrophic backtracking)', () => {
    const inputs = [
      'a.'.repeat(100_000),
      `${'a'.repeat(200_000)}://`,
      `"${'x'.repeat(200_000)}`,
      `password=${' '.repeat(100_000)}`,
      `Basic ${'a'.repeat(200_000)}`,
      '?token='.repeat(30_000),
    ];
    const started = performance.now();
    for (const input of inputs) redactText(input);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('log redaction: PostgreSQL constraint details', () => {
  it('drops the values of a Key (…)=(…) detail when a column names a secret, and keeps the others', () => {
    expect(redactText('Key (token)=(abc123secret) already exists.')).toBe(`Key (token)=(${REDACTED}) already exists.`);
    expect(redactText('Key (name, api_key)=(svc, k-123) already exists.')).toBe(
      `Key (name, api_key)=(${REDACTED}) already exists.`,
    );
    expect(redactText('Key (name)=(x) already exists.')).toBe('Key (name)=(x) already exists.');
    expect(redactText('Key (team_id)=(42) is not present in table "teams".')).toBe(
      'Key (team_id)=(42) is not present in table "teams".',
    );
  });

  it('stays linear on a text of many unfinished details', () => {
    const started = performance.now();
    redactText('Key (token)=('.repeat(20_000));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
