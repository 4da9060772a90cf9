import { describe, expect, it } from 'vitest';
import {
  buildNotificationUrl,
  CONNECTION_TYPES,
  FIELD_NOT_A_NUMBER,
  FIELD_REQUIRED,
  formatEnvVar,
  parseEnvVar,
  validateConnectionFields,
} from './connections.js';

describe('connection types', () => {
  it('covers every type of spec 001 §3 once', () => {
    const types = CONNECTION_TYPES.map((definition) => definition.type);
    expect(new Set(types).size).toBe(types.length);
    for (const type of [
      'anthropic',
      'sql_server',
      'restic',
      'kubernetes',
      'git',
      'folder',
      'zulip_chat',
      'generic_webhook',
    ]) {
      expect(types).toContain(type);
    }
    expect(CONNECTION_TYPES.filter((definition) => definition.notification)).toHaveLength(16);
  });

  it('reports required fields, numbers and broken references', () => {
    expect(validateConnectionFields({ type: 'postgres' })).toEqual([
      { path: 'url', message: FIELD_REQUIRED },
      { path: 'username', message: FIELD_REQUIRED },
      { path: 'password', message: FIELD_REQUIRED },
    ]);
    expect(validateConnectionFields({ type: 'redis', url: 'redis://x', properties: { db: 'zero' } })).toEqual([
      { path: 'properties.db', message: FIELD_NOT_A_NUMBER },
    ]);
    expect(
      validateConnectionFields({ type: 'http', url: 'http://u', username: 'u', password: 'secret:///' })[0]?.message,
    ).toMatch(/secret reference needs a name and a key/);
    expect(validateConnectionFields({ type: 'nope' })).toEqual([
      { path: 'type', message: "Unknown connection type 'nope'" },
    ]);
  });

  it('requires only the fields of the chosen kubernetes method', () => {
    expect(validateConnectionFields({ type: 'kubernetes', properties: { method: 'cnrm' } })).toEqual([]);
    expect(
      validateConnectionFields({ type: 'git', url: 'git@host:o/r.git', properties: { authentication: 'SSH' } }),
    ).toEqual([]);
  });
});

describe('env-var sources', () => {
  it('round-trips static values and references', () => {
    expect(parseEnvVar('plain')).toEqual({ kind: 'static', value: 'plain' });
    expect(parseEnvVar('secret://db/password')).toEqual({ kind: 'secret', name: 'db', key: 'password' });
    expect(formatEnvVar({ kind: 'configmap', name: 'cm', key: 'k' })).toBe('configmap://cm/k');
  });
});

describe('notification URLs', () => {
  it('builds the Shoutrrr forms', () => {
    expect(buildNotificationUrl('discord', { password: 'tok', properties: { webhookId: '123' } })).toBe(
      'discord://tok@123',
    );
    expect(
      buildNotificationUrl('email', {
        username: 'a@b.c',
        password: 'p w',
        properties: { host: 'smtp.example.com', fromAddress: 'ops@example.com' },
      }),
    ).toBe('smtp://a%40b.c:p%20w@smtp.example.com:587/?FromAddress=ops%40example.com&Encryption=Auto&Auth=Unknown');
    expect(buildNotificationUrl('ntfy', { properties: { topic: 'alerts' } })).toBe('ntfy://ntfy.sh/alerts');
    expect(buildNotificationUrl('telegram', { password: 't', properties: { chats: '1,2' } })).toBe(
      'telegram://t@telegram?chats=1%2C2',
    );
    expect(buildNotificationUrl('generic_webhook', { properties: { url: 'https://h/x' } })).toBe(
      'generic+https://h/x?ContentType=application%2Fjson&MessageKey=message&TitleKey=title&RequestMethod=POST',
    );
    expect(buildNotificationUrl('postgres', {})).toBeUndefined();
  });
});
