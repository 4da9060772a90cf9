import type { CheckLocation, CheckLocations, LocationRunAnswer } from '@mc/contracts';

/**
 * Health answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the health and
 * agents contracts the server answers with. Checks as the dashboard lists them are built by
 * features/health/testing, typed by the health api's own shapes.
 */

/** One location of a multi-location check: healthy, its agent online, run at noon. */
export function buildCheckLocation(overrides: Partial<CheckLocation> = {}): CheckLocation {
  return {
    name: 'eu-west',
    agent_id: 'a1',
    agent_online: true,
    status: 'healthy',
    time: '2026-11-25T12:00:00Z',
    duration: 40,
    message: 'ok',
    error: null,
    ...overrides,
  };
}

/** `GET /api/checks/{id}/locations`: a check run from one place (no quorum, no locations) unless given. */
export function buildCheckLocations(overrides: Partial<CheckLocations> = {}): CheckLocations {
  return { quorum: null, healthy: 0, locations: [], ...overrides };
}

/** Run Now's 202 answer for a multi-location check: every location asked, none skipped unless given. */
export function buildLocationRunAnswer(overrides: Partial<LocationRunAnswer> = {}): LocationRunAnswer {
  return {
    id: 'c1',
    message: 'Asked eu-west to run the check at its next poll',
    requested: [],
    skipped: [],
    ...overrides,
  };
}
