import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { buildTopologyResponse } from '../../../test/factories/topology';
import { shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { bodyOf, setEditorText } from '../../settings-views/testing/editor-testing';
import { formReturnPath } from './topology-paths';

const wait = { timeout: 30_000 };

function setup(path: string) {
  render(<Toaster />);
  const api = shellApi(undefined, [], {
    '/api/schemas/topology/validate': { body: { valid: true } },
    '/api/db/topologies': { body: [] },
    '/api/canary/api/topology': {
      body: buildTopologyResponse(),
    },
  });
  const view = renderApp(path);
  const callsTo = (pathname: string, method = 'GET') =>
    api.calls.filter((call) => call.url.pathname === pathname && (call.init?.method ?? 'GET') === method);
  return { ...view, callsTo };
}

describe('/topology/add', { timeout: 60_000 }, () => {
  it('saves a topology through the data API and returns to the page it was opened from', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = setup('/topology/add?returnTo=%2Ftopology');
    const name = await screen.findByRole('textbox', { name: 'Name' }, wait);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Topology / Add Topology');
    await user.type(name, 'shop');
    await setEditorText('Spec', 'components:\n  - name: api\n    type: Service\n');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('shop created successfully', {}, wait)).toBeTruthy();
    const body = bodyOf(callsTo('/api/db/topologies', 'POST')[0]?.init) as { name: string; spec: unknown };
    expect(body.name).toBe('shop');
    expect(body.spec).toMatchObject({ components: [{ name: 'api', type: 'Service' }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/topology'));
  });

  it('goes back to another console page when asked, and to the dashboard by default', async () => {
    const user = userEvent.setup();
    const { router } = setup('/topology/add?returnTo=%2Fsettings%2Fintegrations');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, wait));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations'));
  });

  it('never returns to another site', () => {
    expect(formReturnPath(null)).toBe('/topology');
    expect(formReturnPath('https://evil.example/')).toBe('/topology');
    expect(formReturnPath('//evil.example/x')).toBe('/topology');
    expect(formReturnPath('/\\evil.example')).toBe('/topology');
    expect(formReturnPath('/topology?status=unhealthy')).toBe('/topology?status=unhealthy');
  });
});
