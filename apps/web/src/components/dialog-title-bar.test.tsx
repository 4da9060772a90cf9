import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogTitleBar } from './dialog-title-bar';
import { ModalDialog } from './ui/dialog';

function Dialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog isOpen={open} onClose={onClose} labelledBy="title">
      <DialogTitleBar titleId="title" title="Edit Permission" onClose={onClose}>
        <a href="https://example.com/docs">Help</a>
      </DialogTitleBar>
    </ModalDialog>
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
