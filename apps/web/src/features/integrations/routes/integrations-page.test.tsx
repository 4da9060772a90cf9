import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildIntegrationChart, buildIntegrationRow } from '../../../test/factories/integrations';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { setEditorText } from '../../settings-views/testing/editor-testing';

const wait = { timeout: 30_000 };

const charts = [
  buildIntegrationChart({ id: 'aws', title: 'AWS', description: 'AWS accounts' }),
  buildIntegrationChart({ id: 'azure', title: 'Azure', description: 'Azure subscriptions' }),
  buildIntegrationChart(),
  buildIntegrationChart({
    id: 'flux',
    title: 'Flux',
    description: 'Flux objects',
    note: 'The Kubernetes chart must be installed in flux before this one.',
  }),
  buildIntegrationChart({ id: 'kubernetes', title: 'Kubernetes', description: 'A cluster' }),
  buildIntegrationChart({ id: 'mission-control', title: 'Mission Control', description: 'Itself' }),
];
const rows = [
  buildIntegrationRow({ job_status: 'SUCCESS', job_time_start: '2026-11-27T10:00:00Z' }),
  buildIntegrationRow({ id: 'l1', name: 'loki', namespace: null, integration_type: 'logging_backends' }),
];

function server(session = adminSession, properties: Array<{ name: string; value: string }> = []) {
  const validations: string[] = [];
  const api = shellApi(session, properties, {
    '/api/db/integrations_with_status': { body: rows, headers: { 'content-range': '0-1/2' } },
    '/api/integrations/charts': { body: charts },
    '/api/integrations/charts/prometheus/validate': (_, init) => {
      const values = String((JSON.parse(String(init?.body)) as { values: string }).values);
      validations.push(values);
      return values.includes('url:')
        ? { body: { valid: true } }
        : {
            status: 400,
            body: {
              code: 'bad_request',
              message: 'line 1, column 1: url is required',
              details: { issues: [{ line: 1, column: 1, path: '', message: 'url is required' }] },
            },
          };
    },
  });
  return { ...api, validations };
}

describe('integrations page', { timeout: 60_000 }, () => {
  it('lists integrations with their last status, filtered by type on the server', async () => {
    const { calls } = server();
    renderApp('/settings/integrations?type=scrapers');
    const row = (await screen.findByText('cluster', {}, wait)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Catalog Scraper')).toBeTruthy();
    expect(within(row).getByText('SUCCESS')).toBeTruthy();
    expect(within(screen.getByText('loki').closest('tr') as HTMLElement).getByText('No job')).toBeTruthy();
    const request = calls.find((call) => call.url.pathname === '/api/db/integrations_with_status');
    expect(request?.url.searchParams.get('integration_type')).toBe('eq.scrapers');
    expect(request?.url.searchParams.get('limit')).toBe('50');
  });

  it('generates Flux and Helm output for Prometheus with an edited value, and Back returns to the grid', async () => {
    const user = userEvent.setup();
    const { validations } = server();
    renderApp('/settings/integrations');
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, wait));
    const grid = await screen.findByRole('dialog', { name: 'Add Integration' });
    expect(within(grid).getByRole('heading', { name: 'Add via GitOps' })).toBeTruthy();
    expect(within(grid).getByRole('heading', { name: 'Add Directly' })).toBeTruthy();
    await user.click(await within(grid).findByRole('button', { name: /^Prometheus/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration Prometheus' });
    await setEditorText('Values', 'url: http://prom.example:9090\n');
    await waitFor(() => expect(within(dialog).getByLabelText('Flux output').textContent).toContain('prom.example'));
    const flux = within(dialog).getByLabelText('Flux output').textContent ?? '';
    expect(flux).toContain('kind: HelmRepository');
    expect(flux).toContain('kind: HelmRelease');
    expect(flux).toContain('url: http://prom.example:9090');
    // 001 §9: "Integration wizard defaults: namespace mission-control, interval 30m."
    expect(flux.match(/interval: 30m/g)).toHaveLength(2);
    expect(flux).not.toMatch(/interval: (1h|10m)/);
    await user.click(within(dialog).getByRole('tab', { name: 'Helm CLI' }));
    expect(within(dialog).getByLabelText('Helm CLI output').textContent).toContain(
      'helm upgrade --install mission-control-prometheus flanksource/mission-control-prometheus',
    );
    await waitFor(() => expect(validations).toContain('url: http://prom.example:9090\n'), wait);
    await setEditorText('Values', 'alerts: {}\n');
    expect(await within(dialog).findByText('line 1, column 1: url is required', {}, wait)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Add Integration' })).toBeTruthy();
  });

  it('adds a log backend from Add Directly → Log Backends inside the wizard, then lists log backends', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    shellApi(adminSession, [], {
      '/api/db/integrations_with_status': { body: rows, headers: { 'content-range': '0-1/2' } },
      '/api/integrations/charts': { body: charts },
      '/api/schemas/logging_backend/validate': { body: { valid: true } },
      '/api/db/logging_backends': (_, init) => {
        if (init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return { status: 201, body: [{ id: 'l2', name: 'shop-files' }] };
        }
        return { body: [], headers: { 'content-range': '*/0' } };
      },
    });
    const { router } = renderApp('/settings/integrations');
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, wait));
    const grid = await screen.findByRole('dialog', { name: 'Add Integration' });
    await user.click(within(grid).getByRole('button', { name: /Log Backends/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration Log Backends' });
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Add Integration' })).getByRole('button', {
        name: /Log Backends/,
      }),
    );
    const form = await screen.findByRole('dialog', { name: 'Add Integration Log Backends' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'shop-files');
    await setEditorText('Spec', 'file:\n  - paths: [/var/log/shop/*.log]\n');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/logging_backends'), wait);
    expect(posts[0]).toMatchObject({ name: 'shop-files', spec: { file: [{ paths: ['/var/log/shop/*.log'] }] } });
  });

  it('notes on Flux that the Kubernetes chart must be installed in flux, and hides Log Backends when logs are off', async () => {
    const user = userEvent.setup();
    server(adminSession, [{ name: 'logs.disable', value: 'true' }]);
    renderApp('/settings/integrations');
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }, wait));
    const grid = await screen.findByRole('dialog', { name: 'Add Integration' });
    await within(grid).findByRole('button', { name: /Flux/ });
    expect(within(grid).queryByRole('button', { name: /Log Backends/ })).toBeNull();
    expect(within(grid).getByRole('button', { name: /Custom Topology/ })).toBeTruthy();
    await user.click(within(grid).getByRole('button', { name: /Flux/ }));
    expect(await screen.findByRole('note')).toHaveProperty(
      'textContent',
      'The Kubernetes chart must be installed in flux before this one.',
    );
  });

  it('offers no Add Integration button to a viewer', async () => {
    server(viewerSession);
    renderApp('/settings/integrations');
    await screen.findByText('cluster', {}, wait);
    expect(screen.queryByRole('button', { name: 'Add Integration' })).toBeNull();
  });
});
