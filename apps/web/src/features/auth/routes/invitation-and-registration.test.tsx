import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAbout } from '../../../test/factories/system';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import type { Flow, UiNode } from '../api/ory';

const input = (name: string, type: string, label?: string, value?: string): UiNode => ({
  type: 'input',
  group: name === 'csrf_token' ? 'default' : 'password',
  attributes: { name, type, value, node_type: 'input' } as UiNode['attributes'],
  messages: [],
  meta: label ? { label: { id: 1, text: label, type: 'info' } } : {},
});

function registrationFlow(email?: string): Flow {
  return {
    id: 'r1',
    type: 'browser',
    state: 'choose_method',
    ui: {
      action: '/api/.ory/self-service/registration?flow=r1',
      method: 'POST',
      nodes: [
        input('csrf_token', 'hidden', undefined, 'tok'),
        input('traits.email', 'email', 'E-Mail', email),
        input('password', 'password', 'Password'),
        input('method', 'submit', 'Sign up', 'password'),
      ],
    },
  };
}

function loginFlow(): Flow {
  return {
    id: 'l1',
    type: 'browser',
    state: 'choose_method',
    refresh: false,
    requested_aal: 'aal1',
    ui: { action: '/api/.ory/self-service/login?flow=l1', method: 'POST', nodes: [input('identifier', 'text', 'ID')] },
  };
}

describe('invitation link and self-registration on the auth pages', () => {
  it('the invitation link starts the registration flow with its token; the invited address is pre-filled', async () => {
    const { calls } = fakeApi({
      '/api/.ory/self-service/registration/browser': { body: registrationFlow('ines@example.com') },
    });
    renderApp('/registration?invite=abc_123');
    await waitFor(() => expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('ines@example.com'));
    const start = calls.find((c) => c.url.pathname === '/api/.ory/self-service/registration/browser');
    expect(start?.url.searchParams.get('invite')).toBe('abc_123');
  });

  it('registration turned off: the page shows the server’s reason', async () => {
    fakeApi({
      '/api/.ory/self-service/registration/browser': {
        status: 400,
        body: {
          error: {
            id: 'self_service_flow_disabled',
            code: 400,
            message: 'The request was malformed or contained invalid parameters',
            reason: 'Registration is not allowed because it was disabled. Ask an administrator for an invitation.',
          },
        },
      },
    });
    renderApp('/registration');
    expect(await screen.findByText(/Registration is not allowed because it was disabled/)).toBeTruthy();
  });

  it('the sign-in page links to registration only while self-registration is open', async () => {
    fakeApi({
      '/api/.ory/self-service/login/browser': { body: loginFlow() },
      '/api/about': { body: buildAbout({ version: '1', selfRegistration: true }) },
    });
    const open = renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeTruthy();
    open.unmount();

    fakeApi({
      '/api/.ory/self-service/login/browser': { body: loginFlow() },
      '/api/about': { body: buildAbout({ version: '1' }) },
    });
    renderApp('/login');
    expect(await screen.findByLabelText('ID')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Reset password' })).toBeTruthy();
  });
});
