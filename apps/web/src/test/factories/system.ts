import type { About, Property } from '@mc/contracts';

/**
 * Shell answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the system and
 * properties contracts the server answers with.
 */

/** `GET /api/about`: a PGlite server whose sign-in page offers no self-registration. */
export function buildAbout(overrides: Partial<About> = {}): About {
  return { version: '9.9.9', engine: 'pglite', selfRegistration: false, ...overrides };
}

/** A property row (`/api/db/properties`, `/api/properties`): a feature flag left on. */
export function buildProperty(overrides: Partial<Property> = {}): Property {
  return { name: 'health.disable', value: 'false', ...overrides };
}
