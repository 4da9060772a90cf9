import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from './select';

const CHOICES = [
  { value: '', label: 'All' },
  { value: 'canary', label: 'Canary' },
  { value: 'config_scraper', label: 'Catalog Scraper' },
];

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <Select inline label="Resource Type" value={value} choices={CHOICES} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('Select', () => {
  it('shows the chosen label, opens with ArrowDown, picks with Enter and returns focus', async () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: /Resource Type/ });
    expect(trigger.textContent).toContain('All');
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Canary',
      'Catalog Scraper',
    ]);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('canary');
    // React Aria closes and gives focus back after its own effects: wait (later on a loaded machine)
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(trigger.textContent).toContain('Canary');
  });

  it('closes on Escape without changing the value', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Resource Type/ }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
