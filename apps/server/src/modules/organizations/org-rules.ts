import { AUTH_TEXTS } from '@mc/contracts';
import { AppError } from '../../platform/errors.js';
import type { OrgRole } from './organizations.repo.js';

/** Spec 000 §5: the organisation setting 'direct' accepts only true or false, as text or boolean. */
export const INVALID_BOOLEAN_MESSAGE = 'Invalid boolean value';
/** Spec 000 §8: what members see while their organisation's backend is missing or not ready. */
export const PROVISIONING_MESSAGE = AUTH_TEXTS.provisioning;

/** Reads the 'direct' setting by the spec's rule: true, false, "true" or "false"; anything else is a 400. */
export function parseDirect(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new AppError('bad_request', INVALID_BOOLEAN_MESSAGE);
}

/**
 * The console role an organisation role acts with on the organisation's backend: owners and admins
 * administer the instance, members edit (docs/hosted-mode.md). Written into the token's roles claim.
 */
export const CONSOLE_ROLE_OF: Readonly<Record<OrgRole, string>> = {
  owner: 'admin',
  admin: 'admin',
  member: 'editor',
};

/** Whether an organisation role may change the organisation and its members. */
export function mayManage(role: OrgRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** An organisation backend address: an http(s) URL without credentials, query or fragment. */
export function parseBackendUrl(value: unknown): string | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 2_000) {
    throw new AppError('bad_request', 'backend_url must be an http or https URL');
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('bad_request', 'backend_url must be an http or https URL');
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new AppError(
      'bad_request',
      'backend_url must be an http or https URL without credentials, query or fragment',
    );
  }
  return url.toString().replace(/\/+$/, '');
}
