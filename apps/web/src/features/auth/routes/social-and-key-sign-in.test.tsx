import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import type { Flow, UiNode } from '../api/ory';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(async () => ({ id: 'key-1', type: 'public-key' })),
  startRegistration: vi.fn(async () => ({ id: 'key-2', type: 'public-key' })),
}));

const node = (group: string, attributes: UiNode['attributes'], label?: string): UiNode => ({
  type: 'input',
  group,
  attributes: { node_type: 'input', ...attributes } as UiNode['attributes'],
  messages: [],
  meta: label ? { label: { id: 1, text: label, type: 'info' } } : {},
});

function loginFlow(nodes: UiNode[], aal: 'aal1' | 'aal2' = 'aal1'): Flow {
  return {
    id: 'f1',
    type: 'browser',
    state: 'choose_method',
    refresh: false,
    requested_aal: aal,
    ui: {
      action: '/api/.ory/self-service/login?flow=f1',
      method: 'POST',
      nodes: [node('default', { name: 'csrf_token', type: 'hidden', value: 'tok' }), ...nodes],
    },
  };
}

const posted = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.init?.method === 'POST').map((c) => JSON.parse(String(c.init?.body)));

describe('social sign-in and security keys on the auth pages', () => {
  it("renders the provider's 'Sign in with …' node and follows the redirect to the provider", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const api = fakeApi({
      '/api/.ory/self-service/login/browser': {
        body: loginFlow([node('oidc', { name: 'provider', type: 'submit', value: 'test' }, 'Sign in with Test IdP')]),
      },
      '/api/.ory/self-service/login': {
        status: 422,
        body: {
          error: { id: 'browser_location_change_required', code: 422 },
          redirect_browser_to: 'https://idp.example.com/authorize?state=x',
        },
      },
    });
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Test IdP' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.com/authorize?state=x'));
    expect(posted(api)[0]).toMatchObject({ provider: 'test', csrf_token: 'tok' });
  });

  it('runs the WebAuthn ceremony from the trigger node and submits the answer with method webauthn', async () => {
    const options = { publicKey: { challenge: 'abc', allowCredentials: [] } };
    const api = fakeApi({
      '/api/.ory/self-service/login/browser': {
        body: loginFlow(
          [
            node('webauthn', { name: 'webauthn_login', type: 'hidden', value: '' }),
            node(
              'webauthn',
              {
                name: 'webauthn_login_trigger',
                type: 'button',
                value: '',
                onclick: `window.oryWebAuthnLogin(${JSON.stringify(options)})`,
                onclickTrigger: 'oryWebAuthnLogin',
              },
              'Sign in with hardware key',
            ),
          ],
          'aal2',
        ),
      },
      '/api/.ory/self-service/login': { status: 400, body: loginFlow([], 'aal2') },
    });
    renderApp('/login?aal=aal2');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with hardware key' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    const webauthn = await import('@simplewebauthn/browser');
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options.publicKey });
    expect(posted(api)[0]).toMatchObject({ method: 'webauthn', csrf_token: 'tok' });
    expect(JSON.parse(posted(api)[0].webauthn_login)).toEqual({ id: 'key-1', type: 'public-key' });
  });
});
