import { ADMIN_MESSAGES, type AgentSummary, FIELD_REQUIRED } from '@mc/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import type { Session } from '../../../lib/permissions';
import { buildAgentGenerated, buildAgentRemoved, buildAgentSummary } from '../../../test/factories/agents';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };
const agent = (over: Partial<AgentSummary>) =>
  buildAgentSummary({
    description: 'edge cluster',
    hostname: 'edge-1',
    version: '1.2.3',
    properties: { region: 'eu-west-1' },
    last_seen: '2026-11-22T06:00:00Z',
    health: 'healthy',
    status: 'online',
    config_count: 12,
    config_scrapper_count: 2,
    checks_count: 7,
    playbook_runs_count: 3,
    created_at: '2026-11-01T00:00:00Z',
    ...over,
  });

function agentsServer(session: Session = adminSession) {
  let rows = [agent({}), agent({ id: 'a2', name: 'lab', health: 'unhealthy', status: 'offline', config_count: 0 })];
  const one = (id: string) => (_: URL, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      rows = rows.filter((row) => row.id !== id);
      return { body: buildAgentRemoved() };
    }
    const patch = JSON.parse(String(init?.body)) as Partial<AgentSummary>; // the PATCH body the page sent
    rows = rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
    return { body: rows.find((row) => row.id === id) };
  };
  return shellApi(session, [], {
    '/api/db/agents_summary': () => ({ body: rows }),
    '/api/agents/a1': one('a1'),
    '/api/agents/a2': one('a2'),
    '/api/agent/generate': (_, init) => {
      const body = JSON.parse(String(init?.body)) as { name: string };
      rows = [...rows, agent({ id: 'a3', name: body.name, health: 'unknown', last_seen: null })];
      return {
        status: 201,
        body: buildAgentGenerated({ id: 'a3', name: body.name, username: `agent-${body.name}` }),
      };
    },
  });
}

function open(path: string) {
  render(<Toaster />);
  return renderApp(path);
}

describe('agents page', { timeout: 60_000 }, () => {
  it('lists agents with health and counts', async () => {
    agentsServer();
    open('/settings/agents');
    const row = (await screen.findByText('edge', {}, wait)).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[1]).toBe('healthy');
    expect(cells.slice(3, 8)).toEqual(['1.2.3', '12', '2', '7', '3']);
    const lab = screen.getByText('lab').closest('tr') as HTMLElement;
    expect(within(lab).getByText('unhealthy')).toBeTruthy();
    expect(lab.querySelector('[data-colour="red"]')).toBeTruthy();
  });

  it('opens an agent from ?id=, edits its properties, and deletes it with cleanup', async () => {
    const { calls } = agentsServer();
    open('/settings/agents?id=a1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit edge' }, wait);
    expect((within(dialog).getByLabelText('Property 1 name') as HTMLInputElement).value).toBe('region');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));
    await userEvent.type(within(dialog).getByLabelText('Property 2 name'), 'team');
    await userEvent.type(within(dialog).getByLabelText('Property 2 value'), 'platform');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADMIN_MESSAGES.updated('edge'), {}, wait)).toBeTruthy();
    const patch = calls.find((call) => call.init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({
      description: 'edge cluster',
      properties: { region: 'eu-west-1', team: 'platform' },
    });

    await userEvent.click(await screen.findByText('edge', {}, wait));
    const again = await screen.findByRole('dialog', { name: 'Edit edge' }, wait);
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete agent' });
    await userEvent.click(within(confirm).getByRole('checkbox'));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ADMIN_MESSAGES.deleted('edge'), {}, wait)).toBeTruthy();
    const del = calls.find((call) => call.init?.method === 'DELETE');
    expect(del?.url.pathname).toBe('/api/agents/a1');
    expect(del?.url.searchParams.get('cleanup')).toBe('true');
    await waitFor(() => expect(screen.queryByText('edge')).toBeNull(), wait);
  });

  it('generates an agent and shows its token and install command once', async () => {
    agentsServer();
    open('/settings/agents');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Agent' }, wait));
    const dialog = screen.getByRole('dialog', { name: 'Add Agent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText(FIELD_REQUIRED, {}, wait)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'Bad Name');
    expect(within(dialog).getByText('Name must be lowercase letters, digits and hyphens (dns1123)')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Name *'));
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'prod-eu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const done = await screen.findByRole('dialog', { name: 'Agent prod-eu registered' }, wait);
    expect(within(done).getByText(ADMIN_MESSAGES.tokenOnce)).toBeTruthy();
    expect((within(done).getByLabelText('Token') as HTMLTextAreaElement).value).toBe('mca_secret-token');
    expect((within(done).getByLabelText('Install command') as HTMLTextAreaElement).value).toContain('helm install');
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('prod-eu', {}, wait)).toBeTruthy();
    expect(screen.queryByText('mca_secret-token')).toBeNull();
  });

  it('gives readers the list and the agent without write controls', async () => {
    agentsServer(viewerSession);
    open('/settings/agents?id=a1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit edge' }, wait);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Agent' })).toBeNull();
  });
});
