import { NIL_AGENT_ID } from '@mc/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { buildAgentSummary } from '../../../test/factories/agents';
import { adminSession, type FakeAnswer, shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildScraper, SCRAPER_ID } from '../../catalog/testing/build-catalog';
import { bodyOf } from '../testing/editor-testing';

const EDGE = '0195c7a1-0000-7000-8000-0000000000e1';
const CANARY = '0195c7a1-0000-7000-8000-0000000000c1';
const BACKEND = '0195c7a1-0000-7000-8000-0000000000d1';
const wait = { timeout: 15_000 };

type Handler = FakeAnswer | ((url: URL, init: RequestInit | undefined) => FakeAnswer);

/** The editor with two agents to pick from; answers the validation of every type. */
function setup(path: string, extra: Record<string, Handler>) {
  render(<Toaster />);
  const api = shellApi(adminSession, [], {
    '/api/db/agents': { body: [buildAgentSummary({ id: EDGE, name: 'edge-eu' })] },
    '/api/schemas/canary/validate': { body: { valid: true } },
    '/api/schemas/scrape_config/validate': { body: { valid: true } },
    '/api/schemas/logging_backend/validate': { body: { valid: true } },
    '/api/db/job_histories': { body: [], headers: { 'Content-Range': '*/0' } },
    '/api/db/job_history_names': { body: [] },
    '/api/db/job_history': { body: [] },
    ...extra,
  });
  renderApp(path);
  const callsTo = (pathname: string, method: string) =>
    api.calls.filter((call) => call.url.pathname === pathname && call.init?.method === method);
  return { api, callsTo };
}

/** Opens the Agent picker, checks its choices and picks one. */
async function pickAgent(current: string, choice: string) {
  const user = userEvent.setup();
  const tab = await screen.findByRole('tab', { name: 'Form' }, wait);
  await user.click(tab);
  const trigger = await screen.findByRole('button', { name: /Agent/ }, wait);
  await waitFor(() => expect(trigger.textContent).toContain(current), wait);
  await user.click(trigger);
  const listbox = await screen.findByRole('listbox');
  expect(
    within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Local (this server)', 'edge-eu']);
  await user.click(within(listbox).getByRole('option', { name: choice }));
  await waitFor(() => expect(trigger.textContent).toContain(choice));
  return user;
}

describe('the Agent picker', { timeout: 30_000 }, () => {
  it('assigns a canary to an agent: PUT /api/canaries/{id} carries its agent_id', async () => {
    const canary = {
      id: CANARY,
      name: 'home',
      namespace: 'default',
      labels: {},
      spec: { http: [{ name: 'home', url: 'https://shop.example.com', thresholdMillis: 5000 }] },
      source: 'UI',
      agent_id: NIL_AGENT_ID,
    };
    const { callsTo } = setup(`/settings/canaries/${CANARY}`, {
      '/api/db/canaries': { body: [canary] },
      [`/api/canaries/${CANARY}`]: { body: { id: CANARY } },
    });
    const user = await pickAgent('Local (this server)', 'edge-eu');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('home updated successfully', {}, wait)).toBeTruthy();
    expect(bodyOf(callsTo(`/api/canaries/${CANARY}`, 'PUT')[0]?.init)).toMatchObject({
      agent_id: EDGE,
      kind: 'Canary',
      metadata: { name: 'home' },
    });
  });

  it('assigns a catalog scraper to an agent: the data API PATCH carries its agent_id', async () => {
    const { callsTo } = setup(`/catalog/scrapers/${SCRAPER_ID}`, {
      '/api/db/config_scrapers': { body: [{ ...buildScraper(), labels: {}, agent_id: NIL_AGENT_ID }] },
      '/api/db/configs': { body: [], headers: { 'Content-Range': '*/0' } },
    });
    const user = await pickAgent('Local (this server)', 'edge-eu');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(callsTo('/api/db/config_scrapers', 'PATCH')).toHaveLength(1), wait);
    expect(bodyOf(callsTo('/api/db/config_scrapers', 'PATCH')[0]?.init)).toMatchObject({ agent_id: EDGE });
  });

  it('moves a log backend from its agent back to this server', async () => {
    const backend = {
      id: BACKEND,
      name: 'edge-logs',
      labels: {},
      spec: { file: [{ paths: ['/var/log/app/*.log'] }] },
      source: 'UI',
      agent_id: EDGE,
    };
    const { callsTo } = setup(`/settings/logging_backends/${BACKEND}`, {
      '/api/db/logging_backends': { body: [backend] },
    });
    const user = await pickAgent('edge-eu', 'Local (this server)');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(callsTo('/api/db/logging_backends', 'PATCH')).toHaveLength(1), wait);
    expect(bodyOf(callsTo('/api/db/logging_backends', 'PATCH')[0]?.init)).toMatchObject({ agent_id: NIL_AGENT_ID });
  });
});
