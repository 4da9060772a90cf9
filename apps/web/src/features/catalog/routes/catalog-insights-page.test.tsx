import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseOption, selectButton } from '../../../test/choose-option';
import { adminSession, type FakeAnswer, shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildInsight } from '../testing/build-catalog';
import { giveElementsAScreenSize } from '../testing/element-size';

beforeEach(giveElementsAScreenSize);

function insightsApi(list: FakeAnswer | (() => Promise<FakeAnswer>)) {
  return shellApi(adminSession, [], {
    '/api/db/config_analysis_items': typeof list === 'function' ? () => list() : list,
    '/api/db/config_types': { body: [] },
    '/api/db/config_labels': { body: [] },
    '/api/db/config_tags': { body: [] },
    '/api/db/incidents': { body: [] },
  });
}

describe('/catalog/insights', () => {
  it('shows a skeleton, then the open insights of the filtered items; a row opens it with Attach as Evidence', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = insightsApi(async () => {
      await gate;
      return { body: [buildInsight()], headers: { 'Content-Range': '0-0/1' } };
    });
    renderApp('/catalog/insights?type=Kubernetes________Deployment%3A1&health=healthy%3A1');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Catalog Insights');
    expect(await screen.findByTestId('table-skeleton')).toBeTruthy();
    release();
    await userEvent.click(await screen.findByText('Container runs as root'));
    const query = calls.find((call) => call.url.pathname === '/api/db/config_analysis_items')?.url.searchParams;
    expect(query?.get('status')).toBe('eq.open');
    expect(query?.get('type')).toBe('in.("Kubernetes::Deployment")');
    expect(query?.get('health')).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Container runs as root')).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Attach as Evidence' })).toBeTruthy();
  });

  it('lists closed insights too when asked, and says when there are none', async () => {
    const { calls } = insightsApi({ body: [], headers: { 'Content-Range': '*/0' } });
    renderApp('/catalog/insights');
    expect(await screen.findByText('No open insights')).toBeTruthy();
    expect(selectButton('Insight status').textContent).toBe('open');
    await chooseOption(userEvent.setup(), 'Insight status', 'All');
    expect(await screen.findByText('No insights')).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.url.pathname === '/api/db/config_analysis_items' && !call.url.searchParams.has('status'),
        ),
      ).toBe(true),
    );
  });

  it("shows the server's message when the list fails", async () => {
    insightsApi({ status: 500, body: { message: 'insights unavailable' } });
    renderApp('/catalog/insights');
    expect(await screen.findByText('insights unavailable')).toBeTruthy();
  });
});
