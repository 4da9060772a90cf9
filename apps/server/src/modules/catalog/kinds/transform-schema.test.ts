import { describe, expect, it } from 'vitest';
import { celSchema } from './transform-schema.js';

describe('a scraper CEL expression at save', () => {
  it('names a function this server refuses, and calls an expression that does not parse invalid', () => {
    const traverse = celSchema.safeParse('len(catalog.traverse(item.app_id, "MissionControl::Application")) > 0');
    expect(traverse.success).toBe(false);
    // outside transform.expr (filters, selectors): refused by name; transform.expr runs it (catalog-traverse.test.ts)
    expect(traverse.error?.issues[0]?.message).toMatch(
      /^catalog\.traverse is available only in a scraper's transform\.expr/,
    );
    const lastResult = celSchema.safeParse('last_result().results');
    expect(lastResult.error?.issues[0]?.message).toMatch(/^last_result\(\) is available only in a check's/);
    expect(celSchema.safeParse('config.a ==').error?.issues[0]?.message).toBe('is not a valid CEL expression');
    expect(celSchema.safeParse('config.a == 1').success).toBe(true);
  });
});
