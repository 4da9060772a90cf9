import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogTitleBar, useCloseOnEscape } from './dialog-title-bar';

function Dialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useCloseOnEscape(open, onClose);
  return (
    <div role="dialog" aria-labelledby="title">
      <DialogTitleBar titleId="title" title="Edit Permission" onClose={onClose}>
        <a href="https://example.com/docs">Help</a>
      </DialogTitleBar>
    </div>
  );
}

describe('DialogTitleBar', () => {
  it('names the dialog, shows the caller controls and dismisses', async () => {
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Edit Permission' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape only while open', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<Dialog open={false} onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    rerender(<Dialog open onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
