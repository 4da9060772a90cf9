import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption, optionTexts, selectButton } from '../test/choose-option';
import { LabelledSelect } from './labelled-select';

describe('LabelledSelect', () => {
  it('shows its name, the choices by label, and reports the picked value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const choices = [
      { value: '', label: 'All' },
      { value: 'config_scraper', label: 'Catalog Scraper' },
    ];
    render(<LabelledSelect label="Resource Type" value="" choices={choices} onChange={onChange} />);
    expect(screen.getByText('Resource Type')).toBeTruthy();
    expect(selectButton('Resource Type').textContent).toBe('All');
    expect(await optionTexts(user, 'Resource Type')).toEqual(['All', 'Catalog Scraper']);
    await chooseOption(user, 'Resource Type', 'Catalog Scraper');
    expect(onChange).toHaveBeenCalledWith('config_scraper');
  });
});
