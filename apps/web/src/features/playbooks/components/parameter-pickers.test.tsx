import type { PlaybookParameter } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildPeopleRolesRow, buildTeamRow } from '../../../test/factories/people';
import {
  buildPlaybook,
  buildPlaybookParams,
  buildPlaybookRun,
  buildPlaybookRunStarted,
} from '../../../test/factories/playbooks';
import { shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildConfigItem } from '../../catalog/testing/build-catalog';

const wait = { timeout: 10_000 };
const PLAYBOOK = '01900000-0000-7000-8000-0000000000a1';
const CONFIG = '01900000-0000-7000-8000-0000000000f1';
const TEAM = '01900000-0000-7000-8000-0000000000e1';
const OTHER_TEAM = '01900000-0000-7000-8000-0000000000e2';
const PERSON = '01900000-0000-7000-8000-0000000000b1';
const RUN = '01900000-0000-7000-8000-0000000000d1';

const playbook = buildPlaybook({ id: PLAYBOOK, name: 'escalate', title: 'Escalate' });

const params: PlaybookParameter[] = [
  { name: 'team', label: 'Owning team', type: 'team', required: true },
  { name: 'owner', label: 'Owner', type: 'people', default: PERSON },
  { name: 'target', label: 'Target', type: 'config' },
];

describe('Run Playbook dialog pickers', { timeout: 60_000 }, () => {
  it('searches teams, people and configs on the server and runs with the chosen ids', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/playbooks': { body: [playbook] },
      [`/api/playbook/${PLAYBOOK}/params`]: { body: buildPlaybookParams(params) },
      '/api/db/teams': (url) => ({
        body:
          url.searchParams.get('name') === 'ilike.*plat*'
            ? [buildTeamRow({ id: TEAM, name: 'Platform' })]
            : [buildTeamRow({ id: TEAM, name: 'Platform' }), buildTeamRow({ id: OTHER_TEAM, name: 'SRE' })],
      }),
      '/api/db/people': (url) => ({
        body:
          url.searchParams.get('id') === `eq.${PERSON}`
            ? [buildPeopleRolesRow({ id: PERSON, name: 'Bob Builder', email: 'bob@example.com' })]
            : [],
      }),
      '/api/db/config_items': {
        body: [buildConfigItem({ id: CONFIG, name: 'orders-db', type: 'AWS::RDS::DBInstance' })],
      },
      '/api/playbook/run': { status: 201, body: buildPlaybookRunStarted({ run_id: RUN }) },
      '/api/db/playbook_runs': { body: [buildPlaybookRun({ id: RUN, playbook_id: PLAYBOOK })] },
      '/api/db/playbook_run_actions': { body: [] },
    });
    renderApp('/playbooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Escalate' }, wait));
    const dialog = await screen.findByRole('dialog', {}, wait);
    const team = await within(dialog).findByRole('combobox', { name: 'Owning team' }, wait);
    // a default id shows under its name, read from the server
    await waitFor(
      () =>
        expect((within(dialog).getByRole('combobox', { name: 'Owner' }) as HTMLInputElement).value).toBe(
          'Bob Builder <bob@example.com>',
        ),
      wait,
    );
    // a required picker left empty blocks the run (001 §5)
    expect((within(dialog).getByRole('button', { name: 'Run' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(team, 'plat');
    await waitFor(
      () =>
        expect(
          calls.some((c) => c.url.pathname === '/api/db/teams' && c.url.searchParams.get('name') === 'ilike.*plat*'),
        ).toBe(true),
      wait,
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Platform' }, wait));
    expect((team as HTMLInputElement).value).toBe('Platform');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Show Target options/ }, wait));
    await userEvent.click(await screen.findByRole('option', { name: 'orders-db (AWS::RDS::DBInstance)' }, wait));
    const search = calls.find((c) => c.url.pathname === '/api/db/config_items')?.url.searchParams;
    expect(search?.get('deleted_at')).toBe('is.null');
    expect(search?.get('limit')).toBe('50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/playbook/run')).toBe(true), wait);
    const runCall = calls.find((c) => c.url.pathname === '/api/playbook/run');
    expect(JSON.parse(String(runCall?.init?.body))).toEqual({
      id: PLAYBOOK,
      params: { team: TEAM, owner: PERSON, target: CONFIG },
    });
  });
});
