import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton, MenuItem, MenuSection } from './menu';

describe('MenuButton', () => {
  it('opens with Enter on the first item, moves with arrows, runs an item and gives focus back', async () => {
    const onEdit = vi.fn();
    render(
      <MenuButton label="Actions" trigger="Actions">
        <MenuSection header="Hi Ada" headerTestId="greeting">
          <MenuItem onAction={() => {}}>Duplicate</MenuItem>
          <MenuItem onAction={onEdit}>Edit</MenuItem>
        </MenuSection>
      </MenuButton>,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(menu.contains(screen.getByTestId('greeting'))).toBe(true);
    expect(document.activeElement?.textContent).toBe('Duplicate');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('opens with ArrowDown and closes on Escape', async () => {
    render(
      <MenuButton label="Actions" trigger="Actions">
        <MenuItem>Edit</MenuItem>
      </MenuButton>,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    // React Aria moves focus after its own effects: wait for it rather than reading it at once (a loaded
    // machine runs those effects later)
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toBe(document.activeElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
