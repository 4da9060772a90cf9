import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHECK_SPEC_SCHEMAS, CHECK_TYPES, dnsCheckSchema, httpCheckSchema, sqlCheckSchema } from './health.js';

describe('health check spec schemas', () => {
  it('cover every check type and convert to JSON Schema for the canary editor', () => {
    expect(Object.keys(CHECK_SPEC_SCHEMAS).sort()).toEqual([...CHECK_TYPES].sort());
    for (const type of CHECK_TYPES) {
      const schema = z.toJSONSchema(CHECK_SPEC_SCHEMAS[type]);
      expect(schema.type, type).toBe('object');
      expect(schema.required, type).toContain('name');
    }
  });

  it("accept canary-checker's own example checks unchanged", () => {
    const http = {
      name: 'http-pass',
      endpoint: 'https://httpbin.demo.aws.flanksource.com/status/200',
      thresholdMillis: 3000,
      responseCodes: [201, 200, 301],
      responseContent: '',
      maxSSLExpiry: 7,
      headers: [{ name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
      test: { expr: 'code == 200' },
    };
    expect(httpCheckSchema.parse(http)).toMatchObject(http);
    const dns = {
      name: 'srv',
      server: '8.8.8.8',
      port: 53,
      query: '_sip._tcp.example.com',
      querytype: 'srv',
      minrecords: 1,
    };
    expect(dnsCheckSchema.parse(dns)).toMatchObject(dns);
    const sql = { name: 'pg', connection: 'connection://postgres/main', query: 'SELECT 1', results: 1 };
    expect(sqlCheckSchema.parse(sql)).toMatchObject(sql);
  });

  it('reject what cannot run, naming the field', () => {
    const bad = dnsCheckSchema.safeParse({ name: 'd', query: 'x', querytype: 'HINFO' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('querytype must be one of A, AAAA, CNAME, MX, TXT, SRV, NS, PTR');
    expect(httpCheckSchema.safeParse({ url: 'http://x' }).success).toBe(false);
    for (const endpoint of ['not a url', 'ftp://files.example.com/', 'example.com']) {
      const refused = httpCheckSchema.safeParse({ name: 'h', endpoint });
      expect(refused.error?.issues[0]?.message).toBe('endpoint must be an http:// or https:// URL');
    }
    expect(httpCheckSchema.safeParse({ name: 'h', url: 'not-a-url' }).error?.issues[0]?.message).toBe(
      'url must be an http:// or https:// URL',
    );
    expect(httpCheckSchema.safeParse({ name: 'h', endpoint: 'https://example.com/$(path)' }).success).toBe(true);
  });
});
