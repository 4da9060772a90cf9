import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellApi } from '../../test/fake-api';
import { createQueryClient } from '../query-client';
import { propertiesQuery, useFeatureFlags } from './shell-queries';

function Flags() {
  const { loading } = useFeatureFlags();
  return <p>{loading ? 'loading' : 'flags read'}</p>;
}

describe('the feature flags query (001 §6)', () => {
  it('is not asked again by a page that mounts within the minute, and is on returning to the tab', async () => {
    const { calls } = shellApi();
    const client = createQueryClient();
    await client.prefetchQuery(propertiesQuery); // the boot's call
    const view = render(
      <QueryClientProvider client={client}>
        <Flags />
        <Flags />
      </QueryClientProvider>,
    );
    expect(await view.findAllByText('flags read')).toHaveLength(2);
    const asked = () => calls.filter((call) => call.url.pathname === '/api/db/properties').length;
    expect(asked()).toBe(1);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(asked()).toBe(2));
    view.unmount();
    focusManager.setFocused(undefined);
  });
});
