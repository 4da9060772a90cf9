import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastError, toastLoading, toastSuccess } from '../lib/toast';
import { copyToClipboard } from './clipboard';
import { EmptyState } from './empty-state';
import { ErrorBoundary } from './error-boundary';
import { Toaster } from './toaster';

function Broken(): never {
  throw new Error('render failed');
}

describe('error boundary and empty state', () => {
  it("shows 'Sorry.. there was an error', the message and the stack, and logs 'Uncaught error'", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Sorry.. there was an error')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('render failed');
    expect(screen.getByRole('alert').querySelector('pre')?.textContent).toContain('Broken');
    expect(error.mock.calls.some((call) => call[0] === 'Uncaught error')).toBe(true);
  });

  it("says 'No details found' by default", () => {
    render(<EmptyState />);
    expect(screen.getByText('No details found')).toBeTruthy();
  });
});

describe('toasts', () => {
  it('show success, error with the server message, and loading without a close button', async () => {
    render(<Toaster />);
    act(() => {
      toastSuccess('Saved');
      toastError({ response: { data: { message: 'name taken' } } });
      toastLoading('Running…');
    });
    await screen.findByText('Saved');
    expect(await screen.findByText('name taken')).toBeTruthy();
    const loading = (await screen.findByText('Running…')).closest('[data-sonner-toast]');
    expect(loading?.querySelector('[data-close-button]')).toBeNull();
    const success = screen.getByText('Saved').closest('[data-sonner-toast]');
    expect(success?.querySelector('[data-close-button]')).not.toBeNull();
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position')).toBe('bottom');
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-x-position')).toBe('right');
  });
});

describe('clipboard', () => {
  it('says copied, not available, or failed', async () => {
    render(<Toaster />);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(() => copyToClipboard('kubectl get pods'));
    expect(writeText).toHaveBeenCalledWith('kubectl get pods');
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await act(() => copyToClipboard('x'));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeTruthy();

    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await act(() => copyToClipboard('x'));
    expect(await screen.findByText('Clipboard not available')).toBeTruthy();
  });
});
