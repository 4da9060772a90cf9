import { STALE_TIMES } from '@mc/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, staleTimes } from './query-client';
import * as toasts from './toast';

describe('query client', () => {
  it('uses the stale times of 000 §9 from one place', () => {
    expect(staleTimes).toEqual({ default: 300_000, labels: 60_000, checkHistory: 10_000 });
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(STALE_TIMES.default);
  });

  it('toasts the server message of a failed mutation unless it is silent', async () => {
    const toastError = vi.spyOn(toasts, 'toastError');
    const client = createQueryClient();
    const failing = () =>
      Promise.reject(Object.assign(new Error(''), { response: { data: { error: 'quota exceeded' } } }));
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing })
      .execute(undefined)
      .catch(() => {});
    expect(toastError).toHaveBeenCalledTimes(1);
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing, meta: { silent: true } })
      .execute(undefined)
      .catch(() => {});
    expect(toastError).toHaveBeenCalledTimes(1);
  });
});
