import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePicker } from './date-picker';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DatePicker label="Starts" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('DatePicker', () => {
  it('opens a calendar on the chosen month, picks a day with the keyboard and closes', async () => {
    render(<Harness initial="2026-03-10" />);
    const open = screen.getByRole('button', { name: /Open calendar/ });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Starts' });
    expect(dialog.textContent).toContain('March 2026');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('2026-03-11');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves between months and closes on Escape with focus back on the button', async () => {
    render(<Harness initial="2026-03-10" />);
    const open = screen.getByRole('button', { name: /Open calendar/ });
    await userEvent.click(open);
    await userEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('dialog', { name: 'Starts' }).textContent).toContain('April 2026');
    await userEvent.keyboard('{Escape}');
    // React Aria gives focus back after its own effects: wait for it (later on a loaded machine)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });
});
