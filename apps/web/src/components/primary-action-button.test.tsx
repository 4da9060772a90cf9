import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PrimaryActionButton } from './primary-action-button';

describe('PrimaryActionButton', () => {
  it('is a plain button named by its text that runs the action', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <PrimaryActionButton onClick={() => onClick('clicked')}>Create Team</PrimaryActionButton>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(onClick.mock.calls).toEqual([['clicked']]);
  });
});
