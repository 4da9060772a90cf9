import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import type { Flow, UiNode } from '../api/ory';

const input = (group: string, name: string, type: string, label?: string, value?: string): UiNode => ({
  type: 'input',
  group,
  attributes: { name, type, value, node_type: 'input' } as UiNode['attributes'],
  messages: [],
  meta: label ? { label: { id: 1, text: label, type: 'info' } } : {},
});

function buildLoginFlow(overrides: Partial<Flow> = {}): Flow {
  return {
    id: 'f1',
    type: 'browser',
    state: 'choose_method',
    refresh: false,
    requested_aal: 'aal1',
    ui: {
      action: '/api/.ory/self-service/login?flow=f1',
      method: 'POST',
      nodes: [
        input('default', 'csrf_token', 'hidden', undefined, 'tok'),
        input('default', 'identifier', 'text', 'ID'),
        input('password', 'password', 'password', 'Password'),
        input('password', 'method', 'submit', 'Sign in', 'password'),
      ],
    },
    ...overrides,
  };
}

const heading = () => screen.findByRole('heading', { level: 1 });

describe('auth pages', () => {
  it("/login: 'Sign In to your account', fields from the flow's nodes, 'Reset password' → /recovery", async () => {
    fakeApi({ '/api/.ory/self-service/login/browser': { body: buildLoginFlow() } });
    const { router } = renderApp('/login');
    expect((await heading()).textContent).toBe('Sign In to your account');
    expect(await screen.findByLabelText('ID')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe('/recovery');
    await waitFor(() => expect(router.state.location.search).toContain('flow=f1'));
  });

  it("/login?refresh=true says 'Confirm Action'; aal=aal2 says 'Two-Factor Authentication'", async () => {
    fakeApi({ '/api/.ory/self-service/login/browser': { body: buildLoginFlow({ refresh: true }) } });
    const first = renderApp('/login?refresh=true');
    expect((await heading()).textContent).toBe('Confirm Action');
    first.unmount();
    fakeApi({ '/api/.ory/self-service/login/browser': { body: buildLoginFlow({ requested_aal: 'aal2' }) } });
    renderApp('/login?aal=aal2');
    expect((await heading()).textContent).toBe('Two-Factor Authentication');
  });

  it('sends one submission at a time and shows the returned field messages on 400', async () => {
    let release: () => void = () => {};
    const flowWithError = buildLoginFlow({
      ui: {
        ...buildLoginFlow().ui,
        messages: [{ id: 4000006, type: 'error', text: 'The provided credentials are invalid.' }],
      },
    });
    const api = fakeApi({
      '/api/.ory/self-service/login/browser': { body: buildLoginFlow() },
      '/api/.ory/self-service/login': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 400, body: flowWithError });
        }),
    });
    renderApp('/login?username=ada@example.com');
    const user = userEvent.setup();
    expect(((await screen.findByLabelText('ID')) as HTMLInputElement).value).toBe('ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await user.click(button);
    await user.click(button);
    release();
    expect(await screen.findByText('The provided credentials are invalid.')).toBeTruthy();
    const posts = api.calls.filter((c) => c.init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.init?.body))).toMatchObject({
      identifier: 'ada@example.com',
      password: 'nope',
      method: 'password',
      csrf_token: 'tok',
    });
  });

  it('goes back to return_to after signing in', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    fakeApi({
      '/api/.ory/self-service/login/browser': { body: buildLoginFlow() },
      '/api/.ory/self-service/login': { body: { session: { id: 's1' }, continue_with: [] } },
    });
    renderApp('/login?return_to=%2Fincidents%3Fstatus%3Dopen');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('ID'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/incidents?status=open'));
  });

  it("an expired flow shows 'Your interaction expired, please fill out the form again.' on the fresh flow", async () => {
    fakeApi({
      '/api/.ory/self-service/login/flows': (url) =>
        url.searchParams.get('id') === 'old'
          ? { status: 410, body: { error: { id: 'self_service_flow_expired', code: 410 }, use_flow_id: 'f1' } }
          : { body: buildLoginFlow() },
    });
    const { router } = renderApp('/login?flow=old');
    expect(await screen.findByText('Your interaction expired, please fill out the form again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toContain('flow=f1'));
  });

  it('a CSRF violation shows its message and starts a new flow', async () => {
    fakeApi({
      '/api/.ory/self-service/login/browser': { body: buildLoginFlow() },
      '/api/.ory/self-service/login': { status: 403, body: { error: { id: 'security_csrf_violation', code: 403 } } },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('A security violation was detected, please fill out the form again.')).toBeTruthy();
  });

  it('session_already_available goes to /', async () => {
    fakeApi({
      '/api/.ory/self-service/login/browser': { status: 400, body: { error: { id: 'session_already_available' } } },
      '/api/auth/whoami': { status: 401, body: { message: 'Unauthorized' } },
    });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'));
  });

  it.each([
    [401, '/login?return_to=%2Fhealth%3Fx%3D1'],
    [403, '/login?aal=aal2&return_to=%2Fhealth%3Fx%3D1'],
    [422, '/login?aal=aal2&return_to=%2Fhealth%3Fx%3D1'],
  ])('auth-state-checker: session check %i → %s', async (status, target) => {
    fakeApi({
      '/api/.ory/sessions/whoami': { status, body: { error: { code: status } } },
      '/api/.ory/self-service/login/browser': { body: buildLoginFlow() },
    });
    const { router } = renderApp('/auth-state-checker?return_to=%2Fhealth%3Fx%3D1');
    await waitFor(() =>
      expect(
        `${router.state.location.pathname}?${new URLSearchParams(router.state.location.search).toString()}`,
      ).toContain(target.split('?')[0] as string),
    );
    expect(new URLSearchParams(router.state.location.search).get('return_to')).toBe('/health?x=1');
    if (status !== 401) expect(new URLSearchParams(router.state.location.search).get('aal')).toBe('aal2');
  });

  it('bad-session page: BAD_SESSION explains, anything else is Unknown error, both link back to /', async () => {
    fakeApi({});
    const first = renderApp('/bad-session?error_code=BAD_SESSION');
    expect(
      await screen.findByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
    first.unmount();
    renderApp('/bad-session?error_code=OTHER');
    expect(await screen.findByText('Unknown error')).toBeTruthy();
  });

  it('registration, recovery and verification pages carry their headings', async () => {
    const flow = buildLoginFlow();
    fakeApi({
      '/api/.ory/self-service/registration/browser': { body: flow },
      '/api/.ory/self-service/recovery/browser': { body: flow },
      '/api/.ory/self-service/verification/browser': { body: flow },
    });
    for (const [path, text] of [
      ['/registration', 'Create account'],
      ['/recovery', 'Recover account'],
      ['/verification', 'Verify your account'],
    ] as const) {
      const view = renderApp(path);
      expect((await heading()).textContent).toBe(text);
      view.unmount();
    }
  });

  it('profile settings shows its six sections and clears flow messages after 10 s', async () => {
    const flow = buildLoginFlow({
      ui: {
        action: '',
        method: 'POST',
        messages: [{ id: 1050001, type: 'success', text: 'Your changes have been saved!' }],
        nodes: [
          input('profile', 'traits.email', 'email', 'E-Mail', 'a@b.c'),
          input('password', 'password', 'password', 'Password'),
        ],
      },
    });
    fakeApi({ '/api/.ory/self-service/settings/browser': { body: flow } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/profile-settings?return_to=/incidents');
      for (const title of [
        'Profile Settings',
        'Change Password',
        'Manage Social Sign In',
        'Manage 2FA Backup Recovery Codes',
        'Manage 2FA TOTP Authenticator App',
        'Manage Hardware Tokens and Biometrics',
      ]) {
        expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      }
      expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/incidents');
      expect(await screen.findByText('Your changes have been saved!')).toBeTruthy();
      vi.advanceTimersByTime(10_000);
      await waitFor(() => expect(screen.queryByText('Your changes have been saved!')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
