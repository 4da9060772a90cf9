import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime } from './date-time';

describe('DateTime', () => {
  it('follows datetime_preference and display_timezone_preference', () => {
    localStorage.setItem('display_timezone_preference', 'UTC');
    const { rerender } = render(<DateTime value="2025-01-01T10:30:01.999Z" />);
    expect(screen.getByText('2025-01-01 10:30:01.999')).toBeTruthy();
    localStorage.setItem('datetime_preference', 'full');
    rerender(<DateTime value="2025-01-01T10:30:01.999Z" key="again" />);
    expect(screen.getByText('Jan 1 10:30:01.999').getAttribute('title')).toBe('2025-01-01 10:30:01.999 UTC');
  });

  it('renders nothing for an empty value', () => {
    const { container } = render(<DateTime value={null} />);
    expect(container.textContent).toBe('');
  });
});
