import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AsyncIconButton } from './async-icon-button';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';

describe('Modal', () => {
  it('expands to full size and shrinks back, and closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Details" size="small" expandable onClose={onClose}>
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    expect(dialog.dataset.size).toBe('small');
    await userEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(dialog.dataset.size).toBe('full');
    await userEvent.click(screen.getByRole('button', { name: 'Shrink' }));
    expect(dialog.dataset.size).toBe('small');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ConfirmDialog', () => {
  it('styles delete red and approve green, and spins while busy', () => {
    const { rerender } = render(<ConfirmDialog open title="Delete check?" onConfirm={() => {}} onClose={() => {}} />);
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove.dataset.variant).toBe('delete');
    expect(remove.className).toContain('bg-danger');
    rerender(
      <ConfirmDialog open title="Approve run?" variant="approve" busy onConfirm={() => {}} onClose={() => {}} />,
    );
    const approve = screen.getByRole('button', { name: /Approve/ });
    expect(approve.className).toContain('bg-success');
    expect(approve.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status', { name: 'Approve…' })).toBeTruthy();
  });
});

describe('AsyncIconButton', () => {
  it('is disabled and spins until the click promise settles', async () => {
    let finish: () => void = () => {};
    const action = () => new Promise<void>((resolve) => (finish = resolve));
    render(<AsyncIconButton label="Run" icon="▶" onClick={action} />);
    const button = screen.getByRole('button', { name: 'Run' });
    await userEvent.click(button);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status', { name: 'Run…' })).toBeTruthy();
    finish();
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  });
});
