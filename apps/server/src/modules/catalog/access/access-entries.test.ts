import { agentScrapedItemSchema } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { accessOf, hasAccessSections } from './access-entries.js';

const GRANT_ID = '0f3c1a52-7d1e-4c8b-9f4e-2b6a8d9c1e01';

describe('access entries of a full-mode document', () => {
  it('reads each section under its first present key, with the shorthands', () => {
    const warnings: string[] = [];
    const access = accessOf(
      {
        external_users: [{ name: 'Dana', aliases: ['dana@lab.test'], user_type: 'human', email: 'dana@lab.test' }],
        users: [{ name: 'ignored: the long key is present' }],
        groups: [{ id: GRANT_ID.toUpperCase(), name: 'Ops', group_type: 'team' }],
        roles: [{ id: 'role-7', name: 'Owner', role_type: 'builtin', description: 'all rights' }],
        user_groups: [{ user: 'dana@lab.test', group: ['ops', 'operators'] }],
        access: [
          { config_id: GRANT_ID, user: 'dana@lab.test', role: 'owner', source: 'policy:owners' },
          { config_id: 'vm-12', config_type: 'Lab::VM', group: 'ops', role: ['viewer'], scraper_id: 'all' },
          {
            external_config_id: { external_id: 'db-1', config_type: 'Lab::DB' },
            external_user_aliases: ['x'],
            role: 'r',
          },
        ],
        logs: [
          { user: 'dana@lab.test', external_id: 'vm-12', mfa: true, count: 3, created_at: '2026-02-01T10:00:00Z' },
        ],
      },
      'Lab::Host/h-1',
      warnings,
    );
    expect(warnings).toEqual([]);
    expect(access?.users).toEqual([
      {
        id: null,
        aliases: ['dana@lab.test'],
        name: 'Dana',
        accountId: '',
        type: 'human',
        email: 'dana@lab.test',
        description: null,
      },
    ]);
    expect(access?.groups[0]).toMatchObject({ id: GRANT_ID, name: 'Ops', type: 'team' });
    // an id that is no UUID is one more alias
    expect(access?.roles[0]).toMatchObject({ id: null, aliases: ['role-7'], description: 'all rights' });
    expect(access?.userGroups).toEqual([
      { userId: null, userAliases: ['dana@lab.test'], groupId: null, groupAliases: ['ops', 'operators'] },
    ]);
    expect(
      access?.configAccess.map((entry) => [entry.config, entry.userAliases, entry.groupAliases, entry.roleAliases]),
    ).toEqual([
      [{ configId: GRANT_ID, externalId: null, configType: null, scraperId: null }, ['dana@lab.test'], [], ['owner']],
      [{ configId: null, externalId: 'vm-12', configType: 'Lab::VM', scraperId: 'all' }, [], ['ops'], ['viewer']],
      [{ configId: null, externalId: 'db-1', configType: 'Lab::DB', scraperId: null }, ['x'], [], ['r']],
    ]);
    expect(access?.configAccess.map((entry) => entry.source)).toEqual(['policy:owners', null, null]);
    expect(access?.accessLogs).toEqual([
      {
        config: { configId: null, externalId: 'vm-12', configType: null, scraperId: null },
        userId: null,
        userAliases: ['dana@lab.test'],
        mfa: true,
        properties: null,
        count: 3,
        createdAt: '2026-02-01T10:00:00.000Z',
      },
    ]);
  });

  it("gives entries without a reference the document's own, and drops what config-db drops", () => {
    const warnings: string[] = [];
    const access = accessOf(
      {
        id: 'h-9',
        type: 'Lab::Host',
        config: { cpu: 4 },
        config_access: [{ user: 'eve', role: 'admin' }, { external_id: 'h-1' }],
        access_logs: [{ user: 'eve' }, { mfa: false }],
      },
      'Lab::Host/h-9',
      warnings,
    );
    const ref = { configId: null, externalId: 'h-9', configType: 'Lab::Host', scraperId: null };
    expect(access?.configAccess.map((entry) => entry.config)).toEqual([ref]);
    expect(access?.accessLogs.map((entry) => entry.config)).toEqual([ref]);
    expect(warnings).toEqual([
      'Lab::Host/h-9: config_access missing user/group reference',
      'Lab::Host/h-9: access_log missing user reference',
    ]);
    const none: string[] = [];
    expect(accessOf({ config: {}, access: [{ user: 'eve', role: 'admin' }] }, 'T/k', none)?.configAccess).toEqual([]);
    expect(none).toEqual(['T/k: config_access missing config reference']);
  });

  it("travel with their item in an agent's push", () => {
    const access = accessOf(
      {
        id: 'h-2',
        type: 'Lab::Host',
        users: [{ name: 'Finn', aliases: ['finn'] }],
        access: [{ user: 'finn', role: 'op' }],
      },
      'Lab::Host/h-2',
      [],
    );
    const item = { key: 'h-2', type: 'Lab::Host', name: 'h-2', configClass: 'Host', config: {}, access };
    expect(agentScrapedItemSchema.parse(item).access).toEqual(access);
  });

  it('answers null for a document without access sections', () => {
    expect(hasAccessSections({ config: {}, changes: [{}], users: [] })).toBe(false);
    expect(accessOf({ config: {} }, 'T/k', [])).toBeNull();
  });
});
