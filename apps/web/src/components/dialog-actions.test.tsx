import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogActions } from './dialog-actions';

describe('DialogActions', () => {
  it('submits the enclosing form and cancels', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onCancel = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <DialogActions onCancel={onCancel} submitLabel="Save" busyLabel="Saving…" busy={false} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('spins and refuses a second click while busy; calls onSubmit when given one', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <DialogActions onCancel={() => {}} submitLabel="Add" busyLabel="Adding…" busy onSubmit={onSubmit} />,
    );
    expect(screen.getByRole('status', { name: 'Adding…' })).toBeTruthy();
    const add = screen.getByRole('button', { name: /Add/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    rerender(
      <DialogActions onCancel={() => {}} submitLabel="Add" busyLabel="Adding…" busy={false} onSubmit={onSubmit} />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <DialogActions
        onCancel={() => {}}
        submitLabel="Add"
        busyLabel="Adding…"
        busy={false}
        disabled
        onSubmit={onSubmit}
      />,
    );
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
