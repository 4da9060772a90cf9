import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('CEL string functions (cel-go strings extension and gomplate)', () => {
  it('formats, replaces and slices as cel-go does', () => {
    expect(cel('"%s/%s has %d pods (%.1f%%)".format([ns, name, 3, 99.5])', { ns: 'prod', name: 'api' })).toBe(
      'prod/api has 3 pods (99.5%)',
    );
    expect(cel('"a-b-a".replace("a", "x")')).toBe('x-b-x');
    expect(cel('"a-b-a".replace("a", "x", 1)')).toBe('x-b-a');
    expect(cel('"kernel".charAt(2) + "abc".reverse()')).toBe('rcba');
    expect(cel('strings.quote("say \\"hi\\"")')).toBe('"say \\"hi\\""');
  });

  it("offers gomplate's case, trim and quoting helpers", () => {
    expect(cel('"payment service v2".camelCase()')).toBe('PaymentServiceV2');
    expect(cel('"PaymentService".kebabCase() + " " + "PaymentService".snakeCase()')).toBe(
      'payment-service payment_service',
    );
    expect(cel('"Über Café, Paris!".slug()')).toBe('uber-cafe-paris');
    expect(cel('"node down".title()')).toBe('Node Down');
    expect(cel('"v1.2.3".trimPrefix("v") + "|" + "app.log".trimSuffix(".log")')).toBe('1.2.3|app');
    expect(cel('"ab".repeat(3) + "|" + "x y".replaceAll(" ", "_")')).toBe('ababab|x_y');
    expect(cel('"héllo".runeCount()')).toBe(5);
    expect(cel('"it\'s".shellQuote() + " " + "x".squote()')).toBe(`'it'"'"'s' 'x'`);
    expect(cel('"ServiceUnavailable".abbrev(10)')).toBe('Service...');
    expect(cel('"a\\nb".indent(2, ">")')).toBe('>>a\n>>b');
    expect(cel('"  padded ".trimSpace().toUpper()')).toBe('PADDED');
  });

  it('caps what a hostile expression can build', () => {
    expect(() => cel('"x".repeat(2000000)')).toThrow(/repeat: result longer than 1048576 characters/);
    expect(() => cel('"%d".format(["text"])')).toThrow(/%d needs an integer/);
  });
});
