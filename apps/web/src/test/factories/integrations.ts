import type { IntegrationChart, IntegrationWithStatusRow } from '@mc/contracts';

/**
 * Integration answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the
 * integrations contracts the server answers with.
 */

/** A chart of `GET /api/integrations/charts`: Prometheus, whose values need a `url`. */
export function buildIntegrationChart(overrides: Partial<IntegrationChart> = {}): IntegrationChart {
  return {
    id: 'prometheus',
    title: 'Prometheus',
    description: 'Health checks from Prometheus alerts and queries',
    chart: 'mission-control-prometheus',
    repositoryName: 'flanksource',
    repositoryUrl: 'https://flanksource.github.io/charts',
    releaseName: 'mission-control-prometheus',
    defaultNamespace: 'mission-control',
    defaults: { url: 'http://prometheus.monitoring.svc:9090' },
    schema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    ...overrides,
  };
}

/** A row of `integrations_with_status`: scraper `cluster` made in the console, never run. */
export function buildIntegrationRow(overrides: Partial<IntegrationWithStatusRow> = {}): IntegrationWithStatusRow {
  return {
    id: 's1',
    name: 'cluster',
    namespace: 'default',
    description: null,
    integration_type: 'scrapers',
    source: 'UI',
    agent_id: '00000000-0000-0000-0000-000000000000',
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
    deleted_at: null,
    job_status: null,
    job_name: null,
    job_details: null,
    job_duration_millis: null,
    job_success_count: null,
    job_error_count: null,
    job_time_start: null,
    job_time_end: null,
    ...overrides,
  };
}
