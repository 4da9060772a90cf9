import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIncidentSchema } from './incidents.js';
import { fieldLabel } from './validation-messages.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

describe('validation messages', () => {
  it('name the field as people read it', () => {
    expect(fieldLabel(['title'])).toBe('Title');
    expect(fieldLabel(['spec', 'first_name'])).toBe('First name');
    expect(fieldLabel(['responseCodes', 0])).toBe('Response codes');
    expect(fieldLabel(['url'])).toBe('URL');
    expect(fieldLabel([])).toBe('Value');
  });

  it('replace the validator wording with what went wrong and the limit', () => {
    const form = z.object({
      title: z.string().max(500),
      name: z.string().min(1),
      code: z.string().min(3),
      port: z.number().int().min(1).max(65535),
      url: z.url(),
      email: z.email(),
      kind: z.enum(['http', 'tcp']),
      tags: z.array(z.string()).min(1),
    });
    const valid = { title: 't', name: 'n', code: 'abc', port: 80, url: 'https://a.example', email: 'a@b.co' };
    const withBad = (patch: Record<string, unknown>) =>
      firstMessage(form, { ...valid, kind: 'http', tags: ['a'], ...patch });
    expect(withBad({ title: 'x'.repeat(501) })).toBe('Title is too long (500 characters at most)');
    expect(withBad({ name: '' })).toBe('Name is required');
    expect(withBad({ name: undefined })).toBe('Name is required');
    expect(withBad({ code: 'ab' })).toBe('Code is too short (3 characters at least)');
    expect(withBad({ port: 70000 })).toBe('Port must be at most 65,535');
    expect(withBad({ port: 0 })).toBe('Port must be at least 1');
    expect(withBad({ port: 'eighty' })).toBe('Port must be a number');
    expect(withBad({ url: 'not a url' })).toBe('URL must be a valid URL');
    expect(withBad({ email: 'nobody' })).toBe('Email must be a valid email address');
    expect(withBad({ kind: 'ftp' })).toBe("Kind must be one of: 'http', 'tcp'");
    expect(withBad({ tags: [] })).toBe('Tags needs at least one item');
    expect(firstMessage(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('Unknown field: b');
  });

  it("keep every message a schema states itself (the spec's and the API's exact texts)", () => {
    expect(firstMessage(z.object({ name: z.string().min(1, 'This field is required') }), { name: '' })).toBe(
      'This field is required',
    );
    expect(firstMessage(createIncidentSchema, { title: 'x'.repeat(501), type: 'availability', severity: 'low' })).toBe(
      'Title is too long (500 characters at most)',
    );
  });
});
