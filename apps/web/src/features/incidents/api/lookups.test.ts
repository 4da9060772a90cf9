import { afterEach, describe, expect, it, vi } from 'vitest';
import { incidentSearchQuery } from './lookups';

function runSearch(signal: AbortSignal) {
  const { queryFn } = incidentSearchQuery('pay');
  if (typeof queryFn !== 'function') throw new Error('the search has a query function');
  return queryFn({ signal, queryKey: ['incidents', 'search', 'pay'], meta: undefined } as never);
}

describe('incidentSearchQuery', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts a failed search as no incidents and logs it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"error":"boom"}', { status: 500 }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(runSearch(new AbortController().signal)).resolves.toEqual([]);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('lets a search cancelled by the next keystroke fail quietly, without logging an error', async () => {
    const controller = new AbortController();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(runSearch(controller.signal)).rejects.toThrow();
    expect(logged).not.toHaveBeenCalled();
  });
});
