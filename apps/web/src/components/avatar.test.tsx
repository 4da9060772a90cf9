import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the image, the first of a list', () => {
    render(<Avatar user={{ name: 'Ada Lovelace', avatar: ['/a.png', '/b.png'] }} />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).getAttribute('src')).toBe('/a.png');
  });

  it('falls back to initials of the name, then the email, then ?', () => {
    const { rerender } = render(<Avatar user={{ name: 'Ada King Lovelace' }} />);
    expect(screen.getByRole('img').textContent).toBe('AK');
    rerender(<Avatar user={{ email: 'zed@example.com' }} />);
    expect(screen.getByRole('img').textContent).toBe('Z');
    rerender(<Avatar user={{}} />);
    expect(screen.getByRole('img').textContent).toBe('?');
  });

  it('shows initials when the image fails to load', () => {
    render(<Avatar user={{ name: 'Grace Hopper', avatar: '/broken.png' }} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img').textContent).toBe('GH');
  });
});
