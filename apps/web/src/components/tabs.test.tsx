import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

describe('Tabs', () => {
  it('lists the tabs under their label, marks the active one and reports a click', async () => {
    const onChange = vi.fn();
    render(<Tabs label="Resource" tabs={['Spec', 'Job History']} active="Spec" onChange={onChange} />);
    const list = screen.getByRole('tablist', { name: 'Resource' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Spec', 'true'],
      ['Job History', 'false'],
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Job History' }));
    expect(onChange).toHaveBeenCalledWith('Job History');
  });

  it('shows a tab by its label when its id is not its text', async () => {
    const onChange = vi.fn();
    const labels = { history: 'History', spec: 'Spec' } as const;
    render(
      <Tabs tabs={['history', 'spec'] as const} active="spec" onChange={onChange} labelOf={(tab) => labels[tab]} />,
    );
    expect(screen.getByRole('tab', { name: 'Spec' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(onChange).toHaveBeenCalledWith('history');
  });

  it('moves and selects with the arrow keys, and its selected tab names a panel that exists', async () => {
    const onChange = vi.fn();
    render(<Tabs label="Resource" tabs={['Spec', 'Job History', 'Runs']} active="Spec" onChange={onChange} />);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Spec');
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('Job History');
    await userEvent.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith('Runs');
    const controls = screen.getByRole('tab', { name: 'Spec' }).getAttribute('aria-controls');
    expect(controls && document.getElementById(controls)).toBeTruthy();
  });
});
