import { describe, expect, it } from 'vitest';
import type { EditableResource } from './resource-model';
import { listColumns, resourceToRow, rowToResource } from './resource-rows';

const resource = (overrides: Partial<EditableResource>): EditableResource => ({
  name: 'x',
  labels: {},
  spec: {},
  ...overrides,
});

describe('resource rows', () => {
  it('keeps notification rules in their own columns, the recipient in custom_services', () => {
    const spec = { events: ['check.failed'], title: 'Down', to: { email: 'sre@example.com' }, repeatInterval: '1h' };
    const row = resourceToRow('notifications', resource({ name: 'n1', namespace: 'default', spec }));
    expect(row).toMatchObject({
      name: 'n1',
      events: ['check.failed'],
      title: 'Down',
      repeat_interval: '1h',
      custom_services: [{ email: 'sre@example.com' }],
      template: null,
    });
    expect(rowToResource('notifications', { id: 'n', ...row }).spec).toEqual(spec);
  });

  it('copies a playbook title and category out of its spec', () => {
    const row = resourceToRow(
      'playbooks',
      resource({ name: 'restart', namespace: 'ops', spec: { title: 'Restart', category: 'k8s', actions: [] } }),
    );
    expect(row).toEqual({
      name: 'restart',
      namespace: 'ops',
      spec: { title: 'Restart', category: 'k8s', actions: [] },
      title: 'Restart',
      category: 'k8s',
    });
  });

  it('gives teams the group icon by default and reads labels as strings', () => {
    expect(resourceToRow('teams', resource({ name: 'sre', spec: {} }))).toEqual({
      name: 'sre',
      icon: 'group',
      spec: {},
    });
    const backend = rowToResource('logging_backends', {
      id: 'l1',
      name: 'loki',
      labels: { tier: 1 },
      spec: { loki: [] },
    });
    expect(backend).toMatchObject({ id: 'l1', name: 'loki', labels: { tier: '1' }, spec: { loki: [] } });
  });

  it('lists namespace only for tables that have one', () => {
    expect(listColumns('teams')).toBe('id,name,source,created_at,updated_at');
    expect(listColumns('canaries')).toBe('id,name,source,created_at,updated_at,namespace');
  });
});
