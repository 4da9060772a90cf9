import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { chooseOption, optionTexts } from '../../../test/choose-option';
import { buildTeamRow } from '../../../test/factories/people';
import { type FakeAnswer, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { JSONPATH_HINT } from '../components/http-check-type';
import { YAML_PARSE_LOG } from '../components/resource-document';
import { SQL_HOST_HINT } from '../components/resource-types';
import { bodyOf, editorText, setEditorText } from '../testing/editor-testing';

const T1 = '0195c7a1-0000-7000-8000-0000000000a1';
const T2 = '0195c7a1-0000-7000-8000-0000000000a2';
const TM = '0195c7a1-0000-7000-8000-0000000000b1';
const CRD_ID = '0195c7a1-0000-7000-8000-000000000001';
const topology = {
  id: T1,
  name: 'payments',
  namespace: 'prod',
  labels: { team: 'pay' },
  spec: { schedule: '@every 5m', components: [{ name: 'api' }] },
  schedule: '@every 5m',
  source: 'UI',
  agent_id: '00000000-0000-0000-0000-000000000000',
  created_at: '2026-11-22T01:00:00Z',
  updated_at: '2026-11-22T02:00:00Z',
};

type Handler = FakeAnswer | ((url: URL, init: RequestInit | undefined) => FakeAnswer);

function setup(
  path: string,
  extra: Record<string, Handler> = {},
  session = undefined as typeof viewerSession | undefined,
) {
  render(<Toaster />);
  const api = shellApi(session, [], {
    '/api/schemas/canary/validate': { body: { valid: true } },
    '/api/schemas/topology/validate': { body: { valid: true } },
    '/api/db/topologies': (url) => ({ body: url.searchParams.get('id') === `eq.${T1}` ? [topology] : [] }),
    '/api/db/job_histories': { body: [], headers: { 'Content-Range': '*/0' } },
    '/api/db/job_history_names': { body: [] },
    ...extra,
  });
  const view = renderApp(path);
  const callsTo = (pathname: string, method = 'GET') =>
    api.calls.filter((call) => call.url.pathname === pathname && (call.init?.method ?? 'GET') === method);
  return { ...view, api, callsTo };
}

describe('/settings/{table}/new', () => {
  it('offers the type picker grid, then the Form tab for a form type with the generic rules', async () => {
    const user = userEvent.setup();
    setup('/settings/canaries/new');
    const grid = await screen.findByRole('list', { name: 'Health Check types' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['HTTPForm', 'Custom Health CheckCode']);
    await user.click(within(grid).getByRole('button', { name: /HTTP/ }));
    expect(screen.getByRole('tab', { name: 'Form' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Health Checks / New');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    const threshold = screen.getByRole('textbox', { name: 'Threshold (ms)' });
    await user.clear(threshold);
    await user.type(threshold, 'soon');
    await user.tab();
    expect(await screen.findByText('This field must be a number')).toBeTruthy();
    await user.clear(threshold);
    await user.tab();
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(await optionTexts(user, 'Schedule')).toEqual([
      'Default',
      '@every 30s',
      '@every 1m',
      '@every 5m',
      '@every 30m',
      '@hourly',
      '@every 6h',
      '@daily',
      '@weekly',
    ]);
    expect(screen.getByRole('textbox', { name: 'Namespace' }).hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('list', { name: 'Health Check types' })).toBeTruthy();
  });

  it("offers a catalog scraper the scraper schedule presets of 001 §9, not the checks' list, and the max in flight hint", async () => {
    const user = userEvent.setup();
    setup('/settings/config_scrapers/new');
    const grid = await screen.findByRole('list', { name: 'Catalog Scraper types' });
    await user.click(within(grid).getByRole('button', { name: /Kubernetes/ }));
    // 001 §9: "For scraper: @every 15m, 30m, @hourly, 2h, 4h, @daily."
    await screen.findByRole('textbox', { name: 'Cluster Name' });
    expect(await optionTexts(user, 'Schedule')).toEqual([
      'Default',
      '@every 15m',
      '@every 30m',
      '@hourly',
      '@every 2h',
      '@every 4h',
      '@daily',
    ]);
    // 001 §9: "The Kubernetes scraper hint says max in flight defaults to 64."
    expect(screen.getByRole('textbox', { name: 'Max In Flight' })).toBeTruthy();
    expect(screen.getByText('Max in flight defaults to 64')).toBeTruthy();
  });

  it('HTTP check form (001 §9): the methods and response codes, a body for POST and PUT only', async () => {
    const user = userEvent.setup({ delay: null });
    setup('/settings/canaries/new');
    await user.click(await screen.findByRole('button', { name: /HTTP/ }));
    expect(await optionTexts(user, 'Method')).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    expect(await optionTexts(user, 'Response Code')).toEqual([
      '200',
      '201',
      '202',
      '204',
      '301',
      '302',
      '401',
      '404',
      '500',
      '502',
      '503',
    ]);
    expect(screen.queryByRole('textbox', { name: 'Body' })).toBeNull();
    for (const [method, offered] of [
      ['POST', true],
      ['DELETE', false],
      ['PUT', true],
    ] as const) {
      await chooseOption(user, 'Method', method);
      expect(Boolean(screen.queryByRole('textbox', { name: 'Body' })), method).toBe(offered);
    }
  }, 60_000);

  it('HTTP check form (001 §9): the auth types with their credentials, the script modes', async () => {
    const user = userEvent.setup({ delay: null });
    setup('/settings/canaries/new');
    await user.click(await screen.findByRole('button', { name: /HTTP/ }));
    expect(await optionTexts(user, 'Authentication')).toEqual(['None', 'Basic', 'NTLM', 'NTLMv2']);
    expect(screen.queryByLabelText('Username')).toBeNull();
    await chooseOption(user, 'Authentication', 'NTLMv2');
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    for (const label of ['Script', 'Customize Response', 'Transform Response'])
      expect(await optionTexts(user, label)).toEqual(['None', 'Go Template', 'Javascript', 'Expr', 'JSONPath']);
    expect(screen.queryByRole('textbox', { name: 'Script Code' })).toBeNull();
    await chooseOption(user, 'Script', 'Expr');
    await chooseOption(user, 'Customize Response', 'JSONPath');
    expect(screen.getByText(JSONPATH_HINT)).toBeTruthy();
    await chooseOption(user, 'Customize Response', 'Go Template');
    expect(screen.queryByText(JSONPATH_HINT)).toBeNull();
  }, 60_000);

  it('HTTP check form: saves the body, the credentials of the auth type and the scripts to the check', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = setup('/settings/canaries/new', {
      '/api/canaries': { status: 201, body: { id: 'c9' } },
      '/api/db/canaries': { body: [] },
    });
    await user.click(await screen.findByRole('button', { name: /HTTP/ }));
    await chooseOption(user, 'Method', 'PUT');
    await chooseOption(user, 'Authentication', 'NTLMv2');
    await chooseOption(user, 'Script', 'Expr');
    await chooseOption(user, 'Customize Response', 'Go Template');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'orders');
    await user.click(screen.getByRole('textbox', { name: 'URL' }));
    await user.paste('https://shop.example/orders');
    await user.click(screen.getByRole('textbox', { name: 'Body' }));
    await user.paste('{"ping":true}');
    await user.type(screen.getByLabelText('Username'), 'probe');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('textbox', { name: 'Script Code' }));
    await user.paste('code == 200');
    await user.click(screen.getByRole('textbox', { name: 'Customize Response Code' }));
    await user.paste('{{ .code }}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('orders created successfully')).toBeTruthy();
    expect(bodyOf(callsTo('/api/canaries', 'POST')[0]?.init)).toMatchObject({
      metadata: { name: 'orders' },
      spec: {
        http: [
          {
            name: 'orders',
            url: 'https://shop.example/orders',
            method: 'PUT',
            body: '{"ping":true}',
            username: { value: 'probe' },
            password: { value: 'pw' },
            ntlmv2: true,
            responseCodes: [200],
            thresholdMillis: 5000,
            test: { expr: 'code == 200' },
            display: { template: '{{ .code }}' },
          },
        ],
      },
    });
  }, 60_000);

  it('SQL scraper form (001 §5): host and query are required, with the generic message, and saved', async () => {
    const user = userEvent.setup({ delay: null });
    const { callsTo } = setup('/settings/config_scrapers/new', {
      '/api/schemas/scrape_config/validate': { body: { valid: true } },
      '/api/db/config_scrapers': (_url, init) => (init?.method === 'POST' ? { status: 201, body: [] } : { body: [] }),
    });
    const grid = await screen.findByRole('list', { name: 'Catalog Scraper types' });
    await user.click(within(grid).getByRole('button', { name: /SQL/ }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'inventory');
    expect(screen.getByText(SQL_HOST_HINT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const messages = await screen.findAllByText('This field is required');
    expect(messages).toHaveLength(2);
    expect(messages[0]?.closest('div')?.textContent).toContain('Host');
    expect(messages[1]?.closest('div')?.textContent).toContain('Query');
    expect(callsTo('/api/db/config_scrapers', 'POST')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Host' }), 'connection://postgres/inventory');
    await user.click(screen.getByRole('textbox', { name: 'Query' }));
    await user.paste('SELECT id, name FROM hosts');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('inventory created successfully')).toBeTruthy();
    expect(bodyOf(callsTo('/api/db/config_scrapers', 'POST')[0]?.init)).toMatchObject({
      name: 'inventory',
      spec: { sql: [{ host: 'connection://postgres/inventory', query: 'SELECT id, name FROM hosts' }] },
    });
  });

  it('creates a canary from the Code tab through the health API, toasts and returns to the list', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = setup('/settings/canaries/new', {
      '/api/canaries': { status: 201, body: { id: 'c9' } },
      '/api/db/canaries': { body: [] },
    });
    await user.click(await screen.findByRole('button', { name: /Custom Health Check/ }));
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
    const yaml = [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      '  name: home-page',
      '  namespace: web',
      'spec:',
      '  schedule: "@every 1m"',
      '  http:',
      '    - name: home',
      '      url: https://example.com',
      '',
    ].join('\n');
    await setEditorText('Code', yaml);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('home-page created successfully')).toBeTruthy();
    expect(bodyOf(callsTo('/api/schemas/canary/validate', 'POST')[0]?.init)).toEqual({ document: yaml });
    expect(bodyOf(callsTo('/api/canaries', 'POST')[0]?.init)).toEqual({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'home-page', namespace: 'web' },
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://example.com' }] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
  });

  it('shows schema issues at their line and does not save', async () => {
    const user = userEvent.setup();
    const issues = [{ line: 4, column: 13, path: '/spec/interval', message: 'interval must be integer' }];
    const { callsTo } = setup('/settings/canaries/new', {
      '/api/schemas/canary/validate': { status: 400, body: { message: 'line 4', details: { issues } } },
    });
    await user.click(await screen.findByRole('button', { name: /Custom Health Check/ }));
    await setEditorText('Code', 'metadata:\n  name: x\nspec:\n  interval: soon\n');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByRole('list', { name: 'Code problems' });
    expect(problems.textContent).toBe('line 4, column 13: interval must be integer');
    expect(document.querySelectorAll('.cm-issue-line')).toHaveLength(1);
    expect(callsTo('/api/canaries', 'POST')).toHaveLength(0);
  });

  it('ignores and logs YAML that does not parse when switching back to the form', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup('/settings/canaries/new');
    await user.click(await screen.findByRole('button', { name: /HTTP/ }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'shop');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://shop.example');
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    expect(await editorText('Code')).toContain('url: https://shop.example');
    await setEditorText('Code', 'metadata: [unclosed\n');
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(log).toHaveBeenCalledWith(YAML_PARSE_LOG, expect.anything());
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('shop'); // an input's value
  });

  it('labels the log backend buttons Add, and goes straight to its form', async () => {
    setup('/settings/logging_backends/new');
    expect(await screen.findByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Namespace' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Labels' })).toBeTruthy();
  });
});

describe('/settings/{table}/{id}', () => {
  it('edits with name and namespace disabled, updates through the data API, toasts and returns', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = setup(`/settings/topologies/${T1}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Topologies / payments');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spec', 'Job History', 'Form', 'Code']);
    expect(name.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Namespace' }).hasAttribute('disabled')).toBe(true);
    await chooseOption(user, 'Schedule', '@hourly');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('payments updated successfully')).toBeTruthy();
    const patch = callsTo('/api/db/topologies', 'PATCH')[0];
    expect(patch?.url.searchParams.get('id')).toBe(`eq.${T1}`);
    expect(bodyOf(patch?.init)).toEqual({
      name: 'payments',
      namespace: 'prod',
      labels: { team: 'pay' },
      spec: { components: [{ name: 'api' }], schedule: '@hourly' },
      schedule: '@hourly',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
  });

  it('deletes after confirmation with a toast', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = setup(`/settings/topologies/${T1}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete payments?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('payments deleted successfully')).toBeTruthy();
    expect(Object.keys(bodyOf(callsTo('/api/db/topologies', 'PATCH')[0]?.init))).toEqual(['deleted_at']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
  });

  it('cancels back to the list', async () => {
    const user = userEvent.setup();
    const { router } = setup(`/settings/topologies/${T1}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/topologies'));
  });

  it('hides Update and Delete without write access', async () => {
    setup(`/settings/topologies/${T1}`, {}, viewerSession);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows a resource managed elsewhere read-only with a link to its origin', async () => {
    setup(`/settings/topologies/${T2}`, {
      '/api/db/topologies': { body: [{ ...topology, id: T2, source: `KubernetesCRD/${CRD_ID}` }] },
    });
    const link = await screen.findByRole('link', { name: `Kubernetes custom resource KubernetesCRD/${CRD_ID}` });
    expect(link.getAttribute('href')).toBe(`/catalog/${CRD_ID}`);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it("says 'No resources found' when there is none", async () => {
    setup(`/settings/topologies/${CRD_ID}`);
    expect(await screen.findByText('No resources found')).toBeTruthy();
  });

  it("says 'No resources found' for an id that cannot exist, without asking", async () => {
    const { callsTo } = setup('/settings/topologies/gone');
    expect(await screen.findByText('No resources found')).toBeTruthy();
    expect(callsTo('/api/db/topologies')).toHaveLength(0);
  });

  it('lists the runs of the resource on its Job History tab', async () => {
    const user = userEvent.setup();
    const { callsTo } = setup(`/settings/topologies/${T1}`);
    await user.click(await screen.findByRole('tab', { name: 'Job History' }));
    await waitFor(() => expect(callsTo('/api/db/job_histories')).toHaveLength(1));
    const query = callsTo('/api/db/job_histories')[0]?.url.searchParams;
    expect(query?.get('resource_id')).toBe(`eq.${T1}`);
    expect(query?.get('resource_type')).toBe('eq.topology');
    expect(query?.get('status')).toBeNull();
  });

  it('gives teams Spec, Members and Job History tabs', async () => {
    setup(`/settings/teams/${TM}`, {
      '/api/db/teams': { body: [buildTeamRow({ id: TM, name: 'sre', spec: {} })] },
      '/api/db/team_members': { body: [] },
    });
    await screen.findByRole('textbox', { name: 'Name' });
    expect(
      within(screen.getByRole('tablist', { name: 'Resource' }))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Spec', 'Members', 'Job History']);
  });
});
