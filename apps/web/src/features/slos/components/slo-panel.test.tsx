import type { Slo } from '@mc/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/permissions';
import { chooseOption } from '../../../test/choose-option';
import { shellApi, viewerSession } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { SloPanel } from './slo-panel';

vi.mock('./budget-chart', () => ({ BudgetChart: () => <div>budget chart</div> }));

const editorSession: Session = {
  ...viewerSession,
  roles: ['editor'],
  permissions: [...viewerSession.permissions, { resource: 'canaries', action: 'write' }],
};

function buildSlo(overrides: Partial<Slo> = {}): Slo {
  return {
    id: 's1',
    name: 'Checkout availability',
    description: null,
    check_id: 'c1',
    component_id: null,
    target_name: 'checkout',
    kind: 'availability',
    target: 99.9,
    window_days: 30,
    latency_threshold_ms: null,
    created_by: null,
    created_at: '2026-12-01T00:00:00.000Z',
    updated_at: '2026-12-01T00:00:00.000Z',
    status: {
      good: 597,
      bad: 3,
      total: 600,
      sli: 99.5,
      budget_remaining: -400,
      budget_remaining_events: -2.4,
      excluded_minutes: 0,
      burn_alerts: [
        {
          name: 'fast',
          severity: 'page',
          factor: 14.4,
          long_minutes: 60,
          short_minutes: 5,
          long_rate: 50,
          short_rate: 600,
          firing: true,
        },
      ],
    },
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('SloPanel', () => {
  it('shows each SLO’s level, budget and firing alerts; opens its budget history', async () => {
    const api = shellApi(viewerSession, [], {
      '/api/slos': { body: { items: [buildSlo()], total: 1 } },
      '/api/slos/s1/history': { body: { points: [{ time: '2026-12-01T00:00:00.000Z', budget_remaining: 50 }] } },
    });
    renderAt(<SloPanel object={{ checkId: 'c1' }} />);
    expect(await screen.findByRole('button', { name: 'Checkout availability' })).toBeTruthy();
    expect(screen.getByText('99.5%')).toBeTruthy();
    expect(screen.getByText('-400%')).toBeTruthy();
    expect(screen.getByText('Burning 50× · page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add SLO' })).toBeNull();
    expect(api.calls.find((c) => c.url.pathname === '/api/slos')?.url.searchParams.get('check_id')).toBe('c1');
    await userEvent.click(screen.getByRole('button', { name: 'Checkout availability' }));
    expect(await screen.findByText('budget chart')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Report .* \(CSV\)/ }).getAttribute('href')).toMatch(
      /^\/api\/slos\/report\?period=\d{4}-\d{2}&format=csv$/,
    );
  });

  it('lets an editor add an SLO, checked with the contract before it is sent', async () => {
    let posted: unknown;
    shellApi(editorSession, [], {
      '/api/slos': (_url, init) => {
        if (init?.method === 'POST') {
          posted = JSON.parse(String(init.body));
          return { status: 201, body: buildSlo({ id: 's2', name: 'Shop fast' }) };
        }
        return { body: { items: [], total: 0 } };
      },
    });
    renderAt(<SloPanel object={{ componentId: '0196a000-0000-4000-8000-000000000001' }} />);
    expect(await screen.findByText('No SLO yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add SLO' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save SLO' }));
    expect((await screen.findByRole('alert')).textContent).toContain('name: This field is required');
    await userEvent.type(screen.getByLabelText('Name'), 'Shop fast');
    await chooseOption(userEvent.setup(), 'Kind', 'Latency under a threshold');
    await userEvent.clear(screen.getByLabelText('Threshold (ms)'));
    await userEvent.type(screen.getByLabelText('Threshold (ms)'), '250');
    await chooseOption(userEvent.setup(), 'Window', '7 days');
    await userEvent.click(screen.getByRole('button', { name: 'Save SLO' }));
    await waitFor(() =>
      expect(posted).toEqual({
        name: 'Shop fast',
        component_id: '0196a000-0000-4000-8000-000000000001',
        kind: 'latency',
        target: 99.9,
        window_days: 7,
        latency_threshold_ms: 250,
      }),
    );
  });
});
