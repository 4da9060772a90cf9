import { describe, expect, it } from 'vitest';
import { checkJsonBounds, DocumentLimitError, jsonDepth, parseBoundedJson } from './bounded-json.js';

describe('bounded JSON', () => {
  it('measures depth without parsing, skipping strings and escapes', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[\\"[[["}]}')).toBe(3);
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('['.repeat(100_000), 64)).toBe(65);
  });

  it('refuses deep nesting and oversized text with a 400 naming the limit', () => {
    const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
    expect(() => parseBoundedJson(deep)).toThrow(DocumentLimitError);
    expect(() => parseBoundedJson(deep)).toThrow('nested more than 64 levels deep; the limit is 64 levels');
    expect(() => checkJsonBounds('"12345"', { maxBytes: 4, maxDepth: 64 }, 'request body')).toThrow(
      'The request body is 7 bytes; the limit is 4 bytes',
    );
    expect(() => parseBoundedJson('{"a":')).toThrow(/not valid JSON/);
  });

  it('parses documents within the limits', () => {
    const ok = `${'['.repeat(64)}1${']'.repeat(64)}`;
    expect(() => parseBoundedJson(ok)).not.toThrow();
    expect(parseBoundedJson('{"a":{"b":[1,2]}}')).toEqual({ a: { b: [1, 2] } });
  });
});
