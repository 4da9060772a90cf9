import { UI_MESSAGES } from '@mc/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { browser } from '../browser';
import { ApiError, errorMessage } from './api-error';
import { apiRequest, configureApiTarget, resolveApiUrl } from './client';
import { totalFromContentRange } from './content-range';

afterEach(() => configureApiTarget({}));

describe('PostgREST conventions', () => {
  it('asks for the representation, and an exact count read back from Content-Range', async () => {
    const { calls } = fakeApi({
      '/api/db/checks': { body: [{ id: 1 }], headers: { 'Content-Range': '0-0/3573' } },
    });
    const answer = await apiRequest<unknown[]>('/api/db/checks', {
      count: true,
      query: { limit: 1, name: ['eq.a', undefined] },
    });
    expect(answer.total).toBe(3573);
    expect(answer.data).toEqual([{ id: 1 }]);
    const headers = calls[0]?.init?.headers as Record<string, string>; // fakeApi records the init as given
    expect(headers.Prefer).toBe('return=representation,count=exact');
    expect(headers.Accept).toBe('application/json');
    expect(calls[0]?.url.search).toBe('?limit=1&name=eq.a');
  });

  it('asks for an estimated count where a list grows large', async () => {
    const { calls } = fakeApi({
      '/api/db/job_histories': { body: [], headers: { 'Content-Range': '*/120000' } },
    });
    const answer = await apiRequest<unknown[]>('/api/db/job_histories', { count: 'estimated' });
    expect(answer.total).toBe(120000);
    const headers = calls[0]?.init?.headers as Record<string, string>; // fakeApi records the init as given
    expect(headers.Prefer).toBe('return=representation,count=estimated');
  });

  it('reads totals of every Content-Range shape', () => {
    expect(totalFromContentRange('0-24/100')).toBe(100);
    expect(totalFromContentRange('*/0')).toBe(0);
    expect(totalFromContentRange('0-24/*')).toBeUndefined();
    expect(totalFromContentRange(null)).toBeUndefined();
  });

  it('sends JSON bodies', async () => {
    const { calls } = fakeApi({ '/api/db/incidents': { status: 201, body: [{ id: 'i1' }] } });
    await apiRequest('/api/db/incidents', { method: 'POST', body: { title: 'Down' } });
    expect(calls[0]?.init?.body).toBe('{"title":"Down"}');
    expect((calls[0]?.init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/json');
  });
});

describe('failures', () => {
  it('a 401 sends the browser to the auth-state-checker route with return_to', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    window.history.pushState({}, '', '/health?checkId=1');
    fakeApi({ '/api/db/checks': { status: 401, body: { message: 'Unauthorized' } } });
    await expect(apiRequest('/api/db/checks')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/auth-state-checker?return_to=%2Fhealth%3FcheckId%3D1');
    window.history.pushState({}, '', '/');
  });

  it('a 401 the caller handles does not redirect', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    fakeApi({ '/api/about': { status: 401, body: {} } });
    await expect(apiRequest('/api/about', { redirectOn401: false })).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('carries the server message, else response.data.error', async () => {
    fakeApi({
      '/api/a': { status: 400, body: { message: 'name is required' } },
      '/api/b': { status: 409, body: { error: 'already exists' } },
      '/api/c': { status: 500, body: 'oops' },
    });
    await expect(apiRequest('/api/a')).rejects.toThrow('name is required');
    await expect(apiRequest('/api/b')).rejects.toThrow('already exists');
    await expect(apiRequest('/api/c')).rejects.toThrow(UI_MESSAGES.anError);
  });

  it('names a timeout, a network error and being offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(apiRequest('/api/slow', { timeoutMs: 5 })).rejects.toThrow('Request timed out. Please try again.');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/x')).rejects.toThrow('Network Error. Please try again.');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(apiRequest('/api/x')).rejects.toThrow('No internet connection. Please try again.');
  });
});

describe('errorMessage', () => {
  it('prefers the message, then response.data.error, then response.data.message, then the fallback', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ response: { data: { error: 'e', message: 'm' } } })).toBe('e');
    expect(errorMessage({ response: { data: { message: 'm' } } })).toBe('m');
    expect(errorMessage({})).toBe('An error occurred');
    expect(errorMessage(undefined)).toBe('An error occurred');
  });
});

describe('hosted organisation mode', () => {
  it('rewrites the /api base to the organisation backend and adds the bearer token', async () => {
    configureApiTarget({ baseUrl: 'https://org.example.com/', getToken: async () => 'jwt-1' });
    expect(resolveApiUrl('/api/db/checks')).toBe('https://org.example.com/db/checks');
    const { calls } = fakeApi({ '/db/checks': { body: [] } });
    await apiRequest('/api/db/checks');
    expect(calls[0]?.url.href).toBe('https://org.example.com/db/checks');
    expect((calls[0]?.init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer jwt-1');
  });
});
