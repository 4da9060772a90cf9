import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('CEL encoders and data functions', () => {
  it('encodes base64, URLs and hashes', () => {
    expect(cel('base64.encode("canary")')).toBe('Y2FuYXJ5');
    expect(cel('string(base64.decode("Y2FuYXJ5"))')).toBe('canary');
    expect(cel('base64.Decode("Y2FuYXJ5")')).toBe('canary');
    expect(cel('urlencode("a b&c") + " " + urldecode("a+b%26c")')).toBe('a+b%26c a b&c');
    expect(cel('crypto.SHA256("abc")')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(cel('size(crypto.SHA1("abc")) == 40 && size(crypto.SHA512("abc")) == 128')).toBe(true);
  });

  it('writes and reads JSON and YAML as gomplate does', () => {
    expect(cel('{"name": "api", "up": true, "n": 2}.toJSON()')).toBe('{"name":"api","up":true,"n":2}');
    expect(cel('toJSON([1, "a"])')).toBe('[1,"a"]');
    expect(cel('{"a": 1}.toJSONPretty("  ")')).toBe('{\n  "a": 1\n}');
    expect(cel('\'{"a": {"b": [1, 2]}}\'.JSON().a.b[1]')).toBe(2);
    expect(cel('\'[{"n": "x"}]\'.JSONArray()[0].n')).toBe('x');
    expect(cel('toYAML({"a": [1]})')).toBe('a:\n  - 1\n');
    expect(cel('YAML("a: b").a')).toBe('b');
    expect(() => cel('"[1]".JSON()')).toThrow(/not a JSON object/);
    expect(() => cel('base64.decode("%%%")')).toThrow(/illegal base64 data/);
  });
});
