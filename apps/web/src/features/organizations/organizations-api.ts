import type { Organization, OrganizationMember, OrganizationToken } from '@mc/contracts';
import { apiRequest } from '../../lib/api/client';

/** Organisation roles (docs/hosted-mode.md): owners and admins manage, members use the console. */
export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
/** One of {@link ORG_ROLES}. */
export type OrgRole = (typeof ORG_ROLES)[number];

/** One of the signed-in person's organisations, as the organisation service lists it; a member of one. */
export type { Organization, OrganizationMember };

/** The organisation service's paths; they stay on the console's origin whatever organisation is active. */
export const ORG_SERVICE_PREFIXES = ['/api/.ory', '/api/organizations'] as const;

export const organizationsKey = ['organizations'] as const;

export async function listOrganizations(): Promise<Organization[]> {
  return (await apiRequest<Organization[]>('/api/organizations')).data;
}

export async function createOrganization(name: string): Promise<Organization> {
  return (await apiRequest<Organization>('/api/organizations', { method: 'POST', body: { name } })).data;
}

export async function listMembers(orgId: string): Promise<OrganizationMember[]> {
  return (await apiRequest<OrganizationMember[]>(`/api/organizations/${orgId}/members`)).data;
}

export async function putMember(orgId: string, email: string, role: OrgRole): Promise<OrganizationMember[]> {
  return (
    await apiRequest<OrganizationMember[]>(`/api/organizations/${orgId}/members`, {
      method: 'POST',
      body: { email, role },
    })
  ).data;
}

export async function removeMember(orgId: string, personId: string): Promise<void> {
  await apiRequest(`/api/organizations/${orgId}/members/${personId}`, { method: 'DELETE' });
}

/** A token for the organisation's backend (direct mode) and when it expires. */
export async function fetchOrgToken(orgId: string): Promise<OrganizationToken> {
  return (await apiRequest<OrganizationToken>(`/api/organizations/${orgId}/token`, { method: 'POST' })).data;
}
