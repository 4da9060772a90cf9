import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ComboBox, MultiComboBox, SearchComboBox } from './combobox';

const PEOPLE = [
  { value: 'p1', label: 'Ada Lovelace' },
  { value: 'p2', label: 'Alan Turing' },
  { value: 'p3', label: 'Grace Hopper' },
];

function Single() {
  const [value, setValue] = useState('');
  return (
    <>
      <ComboBox label="Commander" value={value} choices={PEOPLE} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

function Multi() {
  const [values, setValues] = useState<string[]>([]);
  return (
    <>
      <MultiComboBox label="Responders" values={values} choices={PEOPLE} onChange={setValues} />
      <output>{values.join(',')}</output>
    </>
  );
}

describe('ComboBox', () => {
  it('filters the choices as one types and picks one with Enter', async () => {
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Commander' });
    await userEvent.type(input, 'gra');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Grace Hopper']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('p3');
    expect((input as HTMLInputElement).value).toBe('Grace Hopper');
  });

  it('opens on ArrowDown with every choice and closes on Escape', async () => {
    render(<Single />);
    const input = screen.getByRole('combobox', { name: 'Commander' });
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('says so when nothing matches', async () => {
    render(<Single />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Commander' }), 'zzz');
    expect(screen.getByText('No options found')).toBeTruthy();
  });
});

describe('MultiComboBox', () => {
  it('adds several choices, shows them as chips and removes one', async () => {
    render(<Multi />);
    const input = screen.getByRole('combobox', { name: 'Responders' });
    await userEvent.type(input, 'ada');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.clear(input);
    await userEvent.type(input, 'alan');
    await userEvent.keyboard('{ArrowDown}{Enter}{Escape}');
    expect(screen.getByRole('status').textContent).toBe('p1,p2');
    const chips = screen.getByRole('list', { name: 'Chosen Responders' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Ada Lovelace', 'Alan Turing']);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(screen.getByRole('status').textContent).toBe('p2');
  });
});

function Server() {
  const [value, setValue] = useState('');
  const [search, setSearch] = useState('');
  const found = PEOPLE.filter((person) => person.label.toLowerCase().includes(search.toLowerCase()));
  return (
    <>
      <SearchComboBox label="Person" value={value} choices={found} onChange={setValue} onSearch={setSearch} />
      <output>{value}</output>
    </>
  );
}

describe('SearchComboBox', () => {
  it('hands what is typed to the caller, lists its matches unfiltered and picks one', async () => {
    render(<Server />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Person' }), 'hop');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Grace Hopper']);
    await userEvent.click(screen.getByRole('option', { name: 'Grace Hopper' }));
    expect(screen.getByRole('status').textContent).toBe('p3');
  });
});
