import { UI_MESSAGES } from '@mc/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, shellApi } from '../test/fake-api';
import { renderApp } from '../test/render';
import { PROVISIONING_RETRY_MS } from './session-boundary';

const wait = { timeout: 15_000 };

describe('who-am-I failures (000 §8), in the self-hosted mode too', { timeout: 30_000 }, () => {
  it.each([
    [500, 'database down'],
    [502, 'Bad Gateway'],
    [503, 'starting'],
    [404, 'Not Found'],
  ])('%i shows the provisioning screen, not the server message', async (status, message) => {
    shellApi(adminSession, [], { '/api/auth/whoami': { status, body: { message } } });
    renderApp('/health');
    expect((await screen.findByText(UI_MESSAGES.provisioning, {}, wait)).getAttribute('role')).toBe('status');
    expect(UI_MESSAGES.provisioning).toBe('Please wait, instance provisioning in-progress ...');
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks again every few seconds and gives way to the page once who-am-I answers', async () => {
    let asked = 0;
    shellApi(adminSession, [], {
      '/api/auth/whoami': () => {
        asked += 1;
        return asked < 2 ? { status: 503, body: { message: 'starting' } } : { body: adminSession };
      },
      '/api/canary/api/summary': { body: { checks_summary: [] } },
    });
    renderApp('/health');
    expect(await screen.findByText(UI_MESSAGES.provisioning, {}, wait)).toBeTruthy();
    expect(
      (await screen.findByRole('heading', { level: 1 }, { timeout: PROVISIONING_RETRY_MS + 10_000 })).textContent,
    ).toBe('Health');
    expect(asked).toBe(2);
  });
});
