import type { OrganizationToken } from '@mc/contracts';

/**
 * Organisation answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the
 * organisations contracts the server answers with.
 */

/** `POST /api/organizations/{id}/token`: a direct-mode token valid five minutes from now. */
export function buildOrganizationToken(overrides: Partial<OrganizationToken> = {}): OrganizationToken {
  return {
    token: 'jwt-a',
    expires_at: new Date(Date.now() + 300_000).toISOString(),
    backend_url: 'https://a.example.com',
    direct: true,
    ...overrides,
  };
}
