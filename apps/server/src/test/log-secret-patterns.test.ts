import { describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger.js';
import { secretShapesIn } from './log-secret-patterns.js';

/** Entries that would leak if the logger did not redact them (issue 25's findings among them). */
const LEAKY: [string, Record<string, unknown>][] = [
  ['created the first admin', { email: 'admin@localhost', password: 'Zx8-generated-pw' }],
  ['mail', { body: 'Create your account here: https://mc.example.com/registration?invite=AbC123dEf456' }],
  ['recovery', { code: '493817' }],
  ['upstream', { headers: { Authorization: 'Bearer mcat_0123456789abcdef', cookie: 'ory_kratos_session=abc' } }],
  ['connect postgres://mc:hunter2@db:5432/mc failed', {}],
  ['request', { raw: 'GET /x HTTP/1.1\r\nAuthorization: Basic dXNlcjpwYXNzd29yZA==\r\n' }],
  ['remote answered', { text: '{"access_token":"eyJhbGciOi.payload.sig","expires_in":3600}' }],
];

describe('the secret shapes the log check looks for', () => {
  it('finds each leak in a line written without redaction', () => {
    for (const [msg, fields] of LEAKY) {
      const line = JSON.stringify({ level: 'warn', msg, ...fields });
      expect(secretShapesIn(line), line).not.toEqual([]);
    }
  });

  it('finds none in the same entries as the logger writes them (redacted)', () => {
    const written: string[] = [];
    const logger = createLogger('debug', {}, (line) => written.push(line));
    for (const [msg, fields] of LEAKY) logger.warn(msg, fields);
    for (const line of written) expect(secretShapesIn(line), line).toEqual([]);
  });

  it('finds none in ordinary lines', () => {
    for (const line of [
      '{"level":"info","msg":"http listening","url":"http://127.0.0.1:8080"}',
      '{"level":"warn","msg":"a mail was not sent: SMTP is not configured (SMTP_HOST)","to":"a***@example.com"}',
      '{"level":"error","msg":"job thread exited","code":1}',
      '{"level":"warn","msg":"Basic auth failed","passwordFile":"/data/initial-admin-password","tokens":3}',
    ])
      expect(secretShapesIn(line), line).toEqual([]);
  });
});
