import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FilterSelection, TriState } from '../../lib/filters';
import { FilterChips } from './filter-chips';
import { MultiSelectFilter } from './multi-select-filter';
import { TriStateToggle } from './tri-state-toggle';

function Toggle() {
  const [value, setValue] = useState<TriState>(0);
  return (
    <>
      <TriStateToggle label="healthy" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('TriStateToggle', () => {
  it('includes, excludes, and returns to 0 when the active state is clicked', async () => {
    render(<Toggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Include healthy' }));
    expect(screen.getByRole('status').textContent).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Include healthy' }));
    expect(screen.getByRole('status').textContent).toBe('0');
    await userEvent.click(screen.getByRole('button', { name: 'Exclude healthy' }));
    expect(screen.getByRole('status').textContent).toBe('-1');
    await userEvent.click(screen.getByRole('button', { name: 'Exclude healthy' }));
    expect(screen.getByRole('status').textContent).toBe('0');
  });
});

function Multi({ tags = false, initial = {} }: { tags?: boolean; initial?: FilterSelection }) {
  const [selection, setSelection] = useState<FilterSelection>(initial);
  const options = tags
    ? ['env:prod', 'env:dev', 'team:core'].map((value) => ({ value }))
    : ['a', 'b', 'c', 'd', 'e'].map((value) => ({ value }));
  return (
    <>
      <MultiSelectFilter label="Type" options={options} selection={selection} onChange={setSelection} tags={tags} />
      <pre data-testid="selection">{JSON.stringify(selection)}</pre>
    </>
  );
}

const selection = () => JSON.parse(screen.getByTestId('selection').textContent ?? '{}');

describe('MultiSelectFilter', () => {
  it('adds a chosen option as include, switches it to exclude, and removes it at 0', async () => {
    render(<Multi />);
    await userEvent.click(screen.getByRole('button', { name: /Type/ }));
    await userEvent.click(screen.getByRole('button', { name: 'a' }));
    expect(selection()).toEqual({ a: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Exclude a' }));
    expect(selection()).toEqual({ a: -1 });
    await userEvent.click(screen.getByRole('button', { name: 'Exclude a' }));
    expect(selection()).toEqual({});
  });

  it('keeps one state per tag key in the tags variant', async () => {
    render(<Multi tags />);
    await userEvent.click(screen.getByRole('button', { name: /Type/ }));
    await userEvent.click(screen.getByRole('button', { name: 'env:prod' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exclude env:dev' }));
    expect(selection()).toEqual({ 'env:dev': -1 });
  });

  it('summarises with a count at 4 or more selected', () => {
    const { unmount } = render(<Multi initial={{ a: 1, b: 1, c: -1 }} />);
    expect(screen.getByRole('button', { name: /Type/ }).textContent).toContain('a');
    unmount();
    render(<Multi initial={{ a: 1, b: 1, c: -1, d: 1 }} />);
    expect(screen.getByRole('button', { name: /Type/ }).textContent).toContain('4 selected');
  });
});

describe('FilterChips', () => {
  it('shows 3 items then a count, excluded ones marked', () => {
    const { container } = render(<FilterChips selection={{ a: 1, b: -1, c: 1, d: 1, e: -1 }} />);
    expect(container.textContent).toContain('+2 more');
    expect(container.querySelectorAll('[data-state]')).toHaveLength(3);
    expect(container.querySelector('[data-state="-1"]')?.textContent).toBe('b');
  });
});
