import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { flowErrorAction } from '../api/flow-error-action';
import type { Flow, UiNode } from '../api/ory';

const wait = { timeout: 15_000 };

const input = (group: string, name: string, type: string, label?: string, value?: string): UiNode => ({
  type: 'input',
  group,
  attributes: { name, type, value, node_type: 'input' } as UiNode['attributes'],
  messages: [],
  meta: label ? { label: { id: 1, text: label, type: 'info' } } : {},
});

function buildSettingsFlow(): Flow {
  return {
    id: 's1',
    type: 'browser',
    state: 'show_form',
    refresh: false,
    requested_aal: 'aal1',
    ui: {
      action: '/api/.ory/self-service/settings?flow=s1',
      method: 'POST',
      nodes: [
        input('default', 'csrf_token', 'hidden', undefined, 'tok'),
        input('password', 'password', 'password', 'Password'),
        input('password', 'method', 'submit', 'Save', 'password'),
      ],
    },
  };
}

/** The provider's answer when the session lacks the second factor (as modules/auth/kratos answers it). */
const aal2Required = (redirect?: string) => ({
  status: 403,
  body: {
    error: { id: 'session_aal2_required', code: 403 },
    ...(redirect ? { redirect_browser_to: redirect } : {}),
  },
});

afterEach(() => vi.restoreAllMocks());

describe('session_aal2_required goes to the address the flow returns (000 §8)', { timeout: 30_000 }, () => {
  it('a flow started without the second factor follows redirect_browser_to, keeping return_to', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    fakeApi({
      '/api/.ory/self-service/login/browser': aal2Required(
        'http://localhost:3000/api/.ory/self-service/login/browser?aal=aal2',
      ),
    });
    renderApp('/login?return_to=%2Fincidents');
    await waitFor(() => expect(assign).toHaveBeenCalled(), wait);
    const target = new URL(String(assign.mock.calls[0]?.[0]), 'http://localhost:3000');
    expect(target.pathname).toBe('/api/.ory/self-service/login/browser');
    expect(target.searchParams.get('aal')).toBe('aal2');
    expect(target.searchParams.get('return_to')).toBe('/incidents');
  });

  it('a settings change asking for the second factor goes there and comes back to the settings page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    fakeApi({
      '/api/.ory/self-service/settings/browser': { body: buildSettingsFlow() },
      '/api/.ory/self-service/settings': aal2Required('/api/.ory/self-service/login/browser?aal=aal2'),
    });
    renderApp('/profile-settings?return_to=%2Fhealth');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password', {}, wait), 'a new long secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(assign).toHaveBeenCalled(), wait);
    const target = new URL(String(assign.mock.calls[0]?.[0]), window.location.origin);
    expect(target.pathname).toBe('/api/.ory/self-service/login/browser');
    expect(target.searchParams.get('return_to')).toMatch(/^\/profile-settings\?/);
  });

  it('the mapping: the given address as it is when it names its own return_to; /login?aal=aal2 without one', () => {
    const given = '/api/.ory/self-service/login/browser?aal=aal2&return_to=%2Fx';
    expect(flowErrorAction(403, aal2Required(given).body, '/y')).toEqual({ do: 'redirect', to: given });
    expect(flowErrorAction(403, aal2Required().body, '/health?x=1')).toEqual({
      do: 'redirect',
      to: '/login?aal=aal2&return_to=%2Fhealth%3Fx%3D1',
    });
    expect(flowErrorAction(403, aal2Required('https://id.example.com/login?aal=aal2').body, '')).toEqual({
      do: 'redirect',
      to: 'https://id.example.com/login?aal=aal2',
    });
  });
});
