import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorFromBody } from '../lib/api/api-error';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { Skeleton } from './skeleton';

describe('loading, empty and error states', () => {
  it('announce loading once, in the shape of what is coming', () => {
    render(<Skeleton shape="rows" count={3} label="Loading incidents" />);
    const status = screen.getByRole('status', { name: 'Loading incidents' });
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.children).toHaveLength(3);
  });

  it('offer the next step from an empty page as a link or a button', () => {
    const declare = vi.fn();
    render(
      <MemoryRouter>
        <EmptyState title="No incidents yet" action={{ label: 'Declare incident', onAction: declare }} />
        <EmptyState title="No checks yet" action={{ label: 'Add health check', to: '/settings/canaries/new' }} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Declare incident' }));
    expect(declare).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Add health check' }).getAttribute('href')).toBe('/settings/canaries/new');
  });

  it("show a failed call's message, its request id and a Retry", () => {
    const retry = vi.fn();
    const error = errorFromBody(503, { message: 'The database is unavailable' }, 'req-42');
    render(<ErrorPanel error={error} onRetry={retry} />);
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('The database is unavailable');
    expect(panel.textContent).toContain('Request ID: req-42');
    expect(panel.querySelector('pre')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("take the request id of a 500's body when the header is missing, and offer no Retry unless asked", () => {
    render(<ErrorPanel error={new ApiError(500, 'Internal server error', { requestId: 'body-id' })} />);
    expect(screen.getByRole('alert').textContent).toContain('Request ID: body-id');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
