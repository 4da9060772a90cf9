import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateTimePicker } from './date-time-picker';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimePicker label="Until" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

const segment = (name: string) => screen.getByRole('spinbutton', { name: new RegExp(`^${name}`) });

describe('DateTimePicker', () => {
  it('shows date and time segments down to the minute and steps them with the arrow keys', async () => {
    render(<Harness initial="2026-03-10T14:05" />);
    for (const name of ['month', 'day', 'year', 'hour', 'minute']) expect(segment(name)).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: /^second/ })).toBeNull();
    segment('hour').focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('status').textContent).toBe('2026-03-10T15:05');
    segment('minute').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('status').textContent).toBe('2026-03-10T15:04');
  });

  it('picks a day in the calendar keeping the time, and clears', async () => {
    render(<Harness initial="2026-03-10T14:05" />);
    await userEvent.click(screen.getByRole('button', { name: /Open calendar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Until' });
    expect(dialog.textContent).toContain('March 2026');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('2026-03-11T14:05');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Clear Until' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('types a whole date and time segment by segment', async () => {
    render(<Harness />);
    segment('month').focus();
    await userEvent.keyboard('04052027');
    await userEvent.keyboard('0930');
    expect(screen.getByRole('status').textContent).toBe('2027-04-05T09:30');
  });
});
