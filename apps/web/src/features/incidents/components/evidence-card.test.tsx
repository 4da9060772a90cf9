import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ResourceSummary } from './evidence-card';

describe('ResourceSummary', () => {
  it('shows a resource its reader may not read as hidden, with no link', () => {
    render(
      <MemoryRouter>
        <ResourceSummary resource={{ kind: 'hidden', of: 'component' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('A component you may not read')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names a readable component and links to it', () => {
    render(
      <MemoryRouter>
        <ResourceSummary
          resource={{
            kind: 'component',
            id: 'c1',
            name: 'payments',
            status: 'unhealthy',
            health: null,
            deleted: false,
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'payments' }).getAttribute('href')).toBe('/topology/c1');
  });
});
