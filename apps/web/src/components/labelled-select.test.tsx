import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LabelledSelect } from './labelled-select';

describe('LabelledSelect', () => {
  it('shows its name, the choices by label, and reports the picked value', async () => {
    const onChange = vi.fn();
    const choices = [
      { value: '', label: 'All' },
      { value: 'config_scraper', label: 'Catalog Scraper' },
    ];
    render(<LabelledSelect label="Resource Type" value="" choices={choices} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Resource Type' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Catalog Scraper']);
    await userEvent.selectOptions(select, 'Catalog Scraper');
    expect(onChange).toHaveBeenCalledWith('config_scraper');
  });
});
