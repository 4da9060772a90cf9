import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ConfigMask,
  maskItems,
  maskSchema,
  maskStoredConfig,
  maskUnattributedItems,
  rootedPath,
} from './config-mask.js';
import type { ScrapedItem } from './scraper-kind.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function buildItem(config: unknown, fields: Partial<ScrapedItem> = {}): ScrapedItem {
  return { key: '1', type: 'Config', name: 'Config1', configClass: 'Config', config, ...fields };
}

const mask = (fields: Partial<ConfigMask> & Pick<ConfigMask, 'jsonpath' | 'value'>): ConfigMask =>
  maskSchema.parse({ selector: 'true', ...fields });

function masked(masks: ConfigMask[], item: ScrapedItem): unknown {
  maskItems(masks, [item]);
  return item.config;
}

describe('transform.mask as config-db defines it', () => {
  it('hashes with md5sum the text of a string (config-db fixture: p1) and puts fixed text elsewhere', () => {
    const item = buildItem({ id: 1, name: 'Config1', password: 'p1', secret: 'secret_1' });
    const out = masked(
      [
        mask({ selector: "config.name == 'Config1'", jsonpath: '$.password', value: 'md5sum' }),
        mask({ selector: "config.name == 'Config1'", jsonpath: '$.secret', value: '***' }),
      ],
      item,
    );
    expect(out).toEqual({ id: 1, name: 'Config1', password: 'ec6ef230f1828039ee794566b9c58adc', secret: '***' });
  });

  it('hashes with sha256sum, and a non-string value as config-db’s JSON text of it', () => {
    const out = masked(
      [
        mask({ jsonpath: '$.token', value: 'sha256sum' }),
        mask({ jsonpath: '$.pin', value: 'md5sum' }),
        mask({ jsonpath: '$.creds', value: 'md5sum' }),
      ],
      buildItem({ token: 't0ken', pin: 1234, creds: { user: 'u', pass: '<&>', gone: null } }),
    );
    expect(out).toEqual({
      token: sha256('t0ken'),
      pin: md5('1234'),
      creds: md5('{\n  "pass": "\\u003c\\u0026\\u003e",\n  "user": "u"\n}'),
    });
  });

  it('reads a JSONPath with or without $ (config-db accepts $.a, .a and a)', () => {
    expect(rootedPath('$.spec.password')).toBe('$.spec.password');
    expect(rootedPath('.spec.password')).toBe('$.spec.password');
    expect(rootedPath('spec.password')).toBe('$.spec.password');
    expect(rootedPath("['spec']")).toBe("$['spec']");
    for (const jsonpath of ['$.spec.password', '.spec.password', 'spec.password']) {
      expect(masked([mask({ jsonpath, value: '***' })], buildItem({ spec: { password: 'x', user: 'u' } }))).toEqual({
        spec: { password: '***', user: 'u' },
      });
    }
  });

  it('masks nested, array, wildcard and recursive paths, each value by its own hash', () => {
    const out = masked(
      [
        mask({ jsonpath: '$.users[*].password', value: 'md5sum' }),
        mask({ jsonpath: '$.tokens[1]', value: '***' }),
        mask({ jsonpath: '$..apiKey', value: 'md5sum' }),
      ],
      buildItem({
        users: [
          { name: 'a', password: 'pa' },
          { name: 'b', password: 'pb' },
        ],
        tokens: ['t0', 't1'],
        deep: { deeper: { apiKey: 'k1' } },
      }),
    );
    expect(out).toEqual({
      users: [
        { name: 'a', password: md5('pa') },
        { name: 'b', password: md5('pb') },
      ],
      tokens: ['t0', '***'],
      deep: { deeper: { apiKey: md5('k1') } },
    });
  });

  it('leaves a document without the path as it is (no field is added)', () => {
    expect(masked([mask({ jsonpath: '$.password', value: '***' })], buildItem({ user: 'u' }))).toEqual({ user: 'u' });
    expect(masked([mask({ jsonpath: '$.password', value: '***' })], buildItem('plain text'))).toBe('plain text');
  });

  it('applies a mask only to the items its selector picks: CEL over the item, or the older {type} form', () => {
    const secret = buildItem({ kind: 'Secret', data: { key: 's1' } }, { type: 'Kubernetes::Secret', key: 'a' });
    const configMap = buildItem(
      { kind: 'ConfigMap', data: { key: 'c1' } },
      { type: 'Kubernetes::ConfigMap', key: 'b' },
    );
    const noKind = buildItem({ data: { key: 'n1' } }, { type: 'Other', key: 'c' });
    maskItems(
      [mask({ selector: "config.kind == 'Secret'", jsonpath: '$.data.key', value: '***' })],
      [secret, configMap, noKind],
    );
    expect([secret.config, configMap.config, noKind.config]).toEqual([
      { kind: 'Secret', data: { key: '***' } },
      { kind: 'ConfigMap', data: { key: 'c1' } },
      { data: { key: 'n1' } }, // the selector fails on a missing field: not selected, as in config-db
    ]);
    const byType = [
      buildItem({ data: 'x' }, { type: 'Kubernetes::Secret' }),
      buildItem({ data: 'y' }, { type: 'Kubernetes::Pod' }),
    ];
    maskItems([mask({ selector: { type: 'Kubernetes::Secret' }, jsonpath: '$.data', value: '***' })], byType);
    expect(byType.map((i) => i.config)).toEqual([{ data: '***' }, { data: 'y' }]);
    const byConfigType = [buildItem({ p: 'x' }, { type: 'A' }), buildItem({ p: 'y' }, { type: 'B' })];
    maskItems([mask({ selector: "config_type == 'A'", jsonpath: '$.p', value: '***' })], byConfigType);
    expect(byConfigType.map((i) => i.config)).toEqual([{ p: '***' }, { p: 'y' }]);
  });

  it('applies masks in their written order (a later mask sees what an earlier one left)', () => {
    const out = masked(
      [mask({ jsonpath: '$.p', value: 'fixed' }), mask({ jsonpath: '$.p', value: 'md5sum' })],
      buildItem({ p: 'clear' }),
    );
    expect(out).toEqual({ p: md5('fixed') });
  });

  it('masks the stored side of a diff without hashing a stored hash again', () => {
    const masks = [mask({ jsonpath: '$.password', value: 'md5sum' }), mask({ jsonpath: '$.secret', value: '***' })];
    const item = buildItem({ password: md5('new'), secret: '***' });
    expect(maskStoredConfig(masks, item, { password: 'old-clear', secret: 'old-secret' })).toEqual({
      password: md5('old-clear'),
      secret: '***',
    });
    expect(maskStoredConfig(masks, item, { password: md5('old'), secret: '***' })).toEqual({
      password: md5('old'),
      secret: '***',
    });
  });

  it('masks an agent’s pushed items by every mask of the scraper, keeping values already masked', () => {
    const masks = [mask({ selector: "config_type == 'A'", jsonpath: '$.p', value: 'md5sum' })];
    const items = [buildItem({ p: 'clear' }, { type: 'A' }), buildItem({ p: md5('x') }, { type: 'A', key: '2' })];
    maskUnattributedItems(masks, items);
    expect(items.map((i) => i.config)).toEqual([{ p: md5('clear') }, { p: md5('x') }]);
  });
});

describe('transform.mask validation (nothing accepted is ignored)', () => {
  it.each([
    [{ jsonpath: '$.a', value: '***' }, 'selector'],
    [{ selector: '', jsonpath: '$.a', value: '***' }, 'is required'],
    [{ selector: 'config.a ==', jsonpath: '$.a', value: '***' }, 'is not a valid CEL expression'],
    [
      { selector: { type: 'A', name: 'b' }, jsonpath: '$.a', value: '***' },
      /selector: (Unrecognized key: "name"|Unknown field: name)/,
    ], // zod's words, or the app's error map
    [{ selector: 'true', value: '***' }, 'jsonpath'],
    [{ selector: 'true', jsonpath: '$', value: '***' }, 'must name a field inside the config'],
    [{ selector: 'true', jsonpath: '$[?(@.a==', value: '***' }, 'is not a valid JSONPath'],
    [{ selector: 'true', jsonpath: '$.a' }, 'value'],
    [{ selector: 'true', jsonpath: '$.a', value: '' }, 'is required'],
    [{ selector: 'true', jsonpath: '$.a', value: 'sha1sum' }, 'names a hash function this server does not have'],
    [{ selector: 'true', jsonpath: '$.a', value: 'md5' }, 'names a hash function this server does not have'],
    [{ selector: 'true', jsonpath: '$.a', value: '***', types: ['A'] }, 'types'],
  ])('refuses %j', (raw, message) => {
    const parsed = maskSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    const text = parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    expect(text).toMatch(message);
  });
});
