import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, shellApi } from '../test/fake-api';
import { renderApp } from '../test/render';
import { NOT_BUILT_AREAS, type NotBuiltArea } from './not-built-yet';

/** Every page of an area that is not built yet, with its title: each says so in words, and shows no data. */
const PAGES: Array<[path: string, title: string, area: NotBuiltArea]> = [
  ['/settings/integrations', 'Integrations', 'integrations'],
  ['/settings/integrations/topology/t1', 'Integration', 'integrations'],
];

describe('pages of areas not built yet', () => {
  it.each(PAGES)('%s keeps its title and says in words that it is not built yet', async (path, title, area) => {
    shellApi(adminSession);
    renderApp(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(document.title).toBe(`${title} | Mission Control`);
    const notice = await screen.findByTestId('not-built-yet');
    expect(notice.dataset.area).toBe(area);
    expect(within(notice).getByText(NOT_BUILT_AREAS[area].title)).toBeTruthy();
    expect(within(notice).getByText(NOT_BUILT_AREAS[area].detail)).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Health' }).getAttribute('href')).toBe('/health');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('names the later release plainly for every area', () => {
    for (const { title, detail } of Object.values(NOT_BUILT_AREAS)) {
      expect(title).toMatch(/not built yet\.$/);
      expect(detail).toMatch(/arrives? with a later release/);
    }
  });
});
