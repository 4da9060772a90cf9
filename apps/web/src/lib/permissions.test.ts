import { describe, expect, it } from 'vitest';
import { can, isAdmin, isViewer } from './permissions';

const session = (roles: string[], permissions: Array<{ resource: string; action: string; deny?: boolean }>) => ({
  roles,
  permissions,
});

describe('permissions', () => {
  it('allows a matching grant, the wildcard and comma-separated actions', () => {
    expect(can(session([], [{ resource: 'canaries', action: 'read' }]), { resource: 'canaries', action: 'read' })).toBe(
      true,
    );
    expect(
      can(session([], [{ resource: 'canaries', action: 'read' }]), { resource: 'canaries', action: 'write' }),
    ).toBe(false);
    expect(can(session([], [{ resource: '*', action: '*' }]), { resource: 'incident', action: 'write' })).toBe(true);
    expect(
      can(session([], [{ resource: 'incident', action: 'create,read,update,delete' }]), {
        resource: 'incident',
        action: 'write',
      }),
    ).toBe(true);
    expect(
      can(session([], [{ resource: 'incident', action: 'write' }]), { resource: 'incident', action: 'delete' }),
    ).toBe(true);
  });

  it('lets admin do anything unless a matching deny says otherwise', () => {
    expect(can(session(['admin'], []), { resource: 'rbac', action: 'write' })).toBe(true);
    expect(
      can(session(['admin'], [{ resource: 'rbac', action: 'write', deny: true }]), {
        resource: 'rbac',
        action: 'write',
      }),
    ).toBe(false);
  });

  it('knows admins and viewers (viewer or guest)', () => {
    expect(isAdmin({ roles: ['admin'] })).toBe(true);
    expect(isViewer({ roles: ['viewer'] })).toBe(true);
    expect(isViewer({ roles: ['guest'] })).toBe(true);
    expect(isViewer({ roles: ['editor'] })).toBe(false);
  });
});
