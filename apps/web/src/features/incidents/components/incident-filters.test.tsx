import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseOption, optionTexts, selectButton } from '../../../test/choose-option';
import { fakeApi } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { IncidentFilters } from './incident-filters';

const people = [{ id: 'p1', name: 'Ravi Responder', email: 'ravi@example.com', avatar: null }];

/** The element that lays out a filter's name and its control. */
function rowOf(name: string): HTMLElement {
  const text = screen.getAllByText(name).find((node) => node.tagName === 'SPAN' || node.tagName === 'LABEL');
  const row = text?.parentElement;
  if (!row) throw new Error(`no filter named ${name}`);
  return row;
}

describe('IncidentFilters', { timeout: 40_000 }, () => {
  it('draws every name beside its control in one row, as the other filter bars do', async () => {
    fakeApi({ '/api/db/people': { body: people } });
    renderAt(<IncidentFilters />, '/incidents');
    const bar = screen.getByRole('group', { name: 'Filters' });
    expect(bar.className).toContain('items-center');
    expect(bar.className).not.toContain('flex-col');
    for (const name of ['Status', 'Severity', 'Type', 'Commander']) {
      const row = rowOf(name);
      expect(row.className, name).toContain('items-center');
      expect(row.className, name).not.toContain('flex-col');
    }
    // the search box names itself by its placeholder, as the catalog's does, with no label above it
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('placeholder')).toBe('Search by title or ID');
    for (const name of ['Status', 'Severity', 'Type']) expect(selectButton(name).textContent).toContain('All');
  });

  it('keeps each choice in the URL and returns to the first page', async () => {
    fakeApi({ '/api/db/people': { body: people } });
    const user = userEvent.setup();
    const { router } = renderAt(<IncidentFilters />, '/incidents?pageIndex=3');
    expect(await optionTexts(user, 'Severity')).toEqual([
      'All',
      'Info',
      'Warning',
      'Low',
      'Medium',
      'High',
      'Critical',
      'Blocker',
    ]);
    await chooseOption(user, 'Status', 'Investigating');
    expect(router.state.location.search).toBe('?status=investigating');
    await user.click(screen.getByRole('button', { name: /Show Commander options/ }));
    await user.click(await screen.findByRole('option', { name: 'Ravi Responder' }));
    expect(new URLSearchParams(router.state.location.search).get('commander')).toBe('p1');
  });
});
