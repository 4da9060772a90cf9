import { describe, expect, it } from 'vitest';
import { LookupError, normalizeStatus, rowsToComponents } from './lookup-rows.js';

describe('rowsToComponents', () => {
  it('fills known columns and turns the others into properties', () => {
    const [component] = rowsToComponents(
      [
        {
          name: 'orders',
          status: 'ok',
          size_mb: 800,
          docs: 'https://wiki/x',
          note: 'primary',
          labels: { env: 'prod' },
        },
      ],
      { type: 'Database', icon: 'postgres' },
      'test',
    );
    expect(component).toEqual({
      name: 'orders',
      type: 'Database',
      icon: 'postgres',
      text: undefined,
      owner: undefined,
      description: undefined,
      labels: { env: 'prod' },
      status: 'healthy',
      properties: [
        { name: 'size_mb', value: 800 },
        { name: 'docs', url: 'https://wiki/x', text: 'https://wiki/x' },
        { name: 'note', text: 'primary' },
      ],
    });
  });

  it('refuses rows without a name, non-object rows and too many rows, naming them', () => {
    expect(() => rowsToComponents([{ status: 'ok' }], {}, 'lookup x')).toThrow(
      new LookupError('lookup x: row 1 has no name'),
    );
    expect(() => rowsToComponents([42], {}, 'lookup x')).toThrow(/row 1 is not an object/);
    expect(() =>
      rowsToComponents(
        Array.from({ length: 2001 }, (_, i) => ({ name: `n${i}` })),
        {},
        'lookup x',
      ),
    ).toThrow(/2001 rows/);
  });

  it('normalises statuses', () => {
    expect([true, 'UP', 'down', 'degraded', 'unknown', 'purple', null].map(normalizeStatus)).toEqual([
      'healthy',
      'healthy',
      'unhealthy',
      'warning',
      'unknown',
      undefined,
      undefined,
    ]);
  });
});
