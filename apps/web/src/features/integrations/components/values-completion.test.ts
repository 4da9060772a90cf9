import { describe, expect, it } from 'vitest';
import { completionsAt, type JsonSchemaNode, parentPath } from './values-completion';

const schema: JsonSchemaNode = {
  type: 'object',
  properties: {
    url: { type: 'string', description: 'Address of the Prometheus server' },
    alerts: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean', description: 'Create the alerts canary' },
        schedule: { type: 'string' },
      },
    },
    auth: { type: 'string', enum: ['basic', 'bearer'] },
    targets: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer' } } },
    },
  },
};

/** Completions with the cursor at `|`. */
const at = (text: string) => completionsAt(text.replace('|', ''), text.indexOf('|'), schema);

describe('values completion', () => {
  it('proposes the keys of the mapping being typed, without those already there', () => {
    expect(at('url: x\n|')?.options.map((option) => option.label)).toEqual(['alerts', 'auth', 'targets']);
    const nested = at('alerts:\n  en|');
    expect(nested?.options).toEqual([
      { label: 'enabled', apply: 'enabled: ', detail: 'boolean', info: 'Create the alerts canary' },
    ]);
    expect(nested?.from).toBe('alerts:\n  '.length);
  });

  it('follows list items', () => {
    expect(at('targets:\n  - |')?.options.map((option) => option.label)).toEqual(['name', 'port']);
    expect(at('targets:\n  - name: a\n    p|')?.options.map((option) => option.label)).toEqual(['port']);
    expect(parentPath(['targets:', '  - name: a', '    port: 1'], 2, 4)).toEqual(['targets', '[]']);
  });

  it('proposes enum members and booleans after key: ', () => {
    expect(at('auth: b|')?.options.map((option) => option.label)).toEqual(['basic', 'bearer']);
    expect(at('alerts:\n  enabled: |')?.options.map((option) => option.label)).toEqual(['true', 'false']);
    expect(at('url: |')).toBeUndefined();
  });

  it('stays quiet where the schema says nothing', () => {
    expect(at('nope:\n  |')).toBeUndefined();
  });
});
