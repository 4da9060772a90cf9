import type { ColumnDef } from '@tanstack/react-table';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption, optionTexts } from '../../test/choose-option';
import { renderAt } from '../../test/render';
import { DataTable, type DataTableProps, TABLE_MAX_HEIGHT } from './data-table';
import { clampPageNumber } from './pagination';

interface Row {
  name: string;
  team: string;
  size: number;
}

const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'team', header: 'Team' },
  { accessorKey: 'size', header: 'Size' },
];

function rows(count: number): Row[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `row-${String(index).padStart(5, '0')}`,
    team: index % 2 ? 'blue' : 'red',
    size: index,
  }));
}

function renderTable(props: Partial<DataTableProps<Row>> = {}, path = '/list') {
  return renderAt(<DataTable<Row> id="t" columns={columns} data={rows(120)} {...props} />, path);
}

const bodyRows = () => screen.getAllByRole('row').filter((row) => row.querySelector('td'));

describe('DataTable paging', () => {
  it('shows 50 rows by default with pageIndex/pageSize in the URL', async () => {
    const { router } = renderTable();
    expect(bodyRows()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?pageIndex=1');
    expect(bodyRows()[0]?.textContent).toContain('row-00050');
  });

  it('offers 5…1000, persists a chosen size under persistPageSize and returns to page 0', async () => {
    const { router } = renderTable({}, '/list?pageIndex=1');
    const user = userEvent.setup();
    expect(await optionTexts(user, 'Rows per page')).toEqual([
      '5',
      '10',
      '25',
      '50',
      '100',
      '150',
      '200',
      '250',
      '300',
      '500',
      '1000',
    ]);
    await chooseOption(user, 'Rows per page', '25');
    expect(localStorage.getItem('persistPageSize')).toBe('25');
    expect(router.state.location.search).toBe('?pageSize=25');
    expect(bodyRows()).toHaveLength(25);
  });

  it('takes the persisted size when the URL has none, and the compact variant offers 50/100/200', async () => {
    localStorage.setItem('persistPageSize', '10');
    renderTable({ pageSizeVariant: 'compact' });
    expect(bodyRows()).toHaveLength(10);
    expect(await optionTexts(userEvent.setup(), 'Rows per page')).toEqual(['10', '50', '100', '200']);
  });

  it('clamps the page-number input to 1…pages', async () => {
    const { router } = renderTable();
    const input = screen.getByRole('spinbutton', { name: 'Page number' });
    await userEvent.clear(input);
    await userEvent.type(input, '99{Enter}');
    expect((input as HTMLInputElement).value).toBe('3');
    expect(router.state.location.search).toBe('?pageIndex=2');
    await userEvent.clear(input);
    await userEvent.type(input, '-4{Enter}');
    expect((input as HTMLInputElement).value).toBe('1');
    expect(clampPageNumber(0, 0)).toBe(1);
  });

  it('makes the page-number input read-only with one page', () => {
    renderTable({ data: rows(3) });
    expect(screen.getByRole('spinbutton', { name: 'Page number' }).hasAttribute('readonly')).toBe(true);
  });

  it('in server mode shows the rows as given and pages over the total', () => {
    renderTable({ mode: 'server', data: rows(50), total: 1000 });
    expect(screen.getByRole('spinbutton', { name: 'Page number' }).getAttribute('max')).toBe('20');
    expect(screen.getByText('1000 total')).toBeTruthy();
  });
});

describe('DataTable sorting', () => {
  it('cycles ascending, descending, none through sortBy/sortOrder', async () => {
    const { router } = renderTable({ data: rows(5) });
    const header = screen.getByRole('button', { name: /Name/ });
    await userEvent.click(header);
    expect(router.state.location.search).toBe('?sortBy=name&sortOrder=asc');
    await userEvent.click(header);
    expect(router.state.location.search).toBe('?sortBy=name&sortOrder=desc');
    expect(bodyRows()[0]?.textContent).toContain('row-00004');
    await userEvent.click(header);
    expect(router.state.location.search).toBe('');
  });

  it('reads the sort from the URL', () => {
    renderTable({ data: rows(5) }, '/list?sortBy=size&sortOrder=desc');
    expect(bodyRows()[0]?.textContent).toContain('row-00004');
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('descending');
  });
});

describe('DataTable states', () => {
  it("says 'No data available' when empty and shows a skeleton while loading", () => {
    const { unmount } = renderTable({ data: [] });
    expect(screen.getByText('No data available')).toBeTruthy();
    unmount();
    renderTable({ data: [], loading: true });
    expect(screen.getByTestId('table-skeleton')).toBeTruthy();
  });

  it('groups rows, expands and collapses a group, and keeps expanded rows in session storage', async () => {
    renderTable({ data: rows(6), groupBy: ['team'], pagination: false });
    const red = screen.getByRole('button', { name: /red/ });
    expect(red.textContent).toContain('(3)');
    expect(screen.queryByText('row-00000')).toBeNull();
    await userEvent.click(red);
    expect(screen.getByText('row-00000')).toBeTruthy();
    const stored = Object.entries(sessionStorage).find(([key]) => key.endsWith(':expanded'));
    expect(stored?.[1]).toBe('{"team:red":true}');
    await userEvent.click(screen.getByRole('button', { name: /red/ }));
    expect(screen.queryByText('row-00000')).toBeNull();
  });

  it('restores the expanded rows of the session', () => {
    sessionStorage.setItem('table:t:/:expanded', '{"team:blue":true}');
    renderTable({ data: rows(6), groupBy: ['team'], pagination: false });
    expect(screen.getByText('row-00001')).toBeTruthy();
  });
});

describe('DataTable virtual scroll', () => {
  it('renders only the rows in view of 10,000 and keeps the scroll position in session storage', async () => {
    const { container } = renderTable({ data: rows(10_000), virtual: true, pagination: false, height: 600 });
    const rendered = bodyRows().length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
    const scroller = container.querySelector('[data-table-id="t"] > div') as HTMLDivElement; // the scrolling body
    scroller.scrollTop = 3500;
    await act(async () => {
      fireEvent.scroll(scroller);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(sessionStorage.getItem('table:t:/:scroll')).toBe('3500');
  });

  it('paints the first window before building all 10,000 rows, with the full scroll height from the start', async () => {
    const { container } = renderTable({ data: rows(10_000), virtual: true, pagination: false, height: 600 });
    // spacers plus the rendered rows at the row estimate (35 px): the list's height
    const listHeight = () =>
      [...container.querySelectorAll('tbody tr')].reduce((sum, row) => {
        const spacer = row.querySelector<HTMLElement>('td[style]');
        return sum + (row.hasAttribute('data-spacer') ? Number.parseFloat(spacer?.style.height ?? '0') : 35);
      }, 0);
    expect(bodyRows()[0]?.textContent).toContain('row-00000');
    expect(listHeight()).toBe(350_000);
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(listHeight()).toBe(350_000);
  });

  it('builds every row at once when a sort decides which rows come first', () => {
    renderTable(
      { data: rows(10_000), virtual: true, pagination: false, height: 600 },
      '/list?sortBy=size&sortOrder=desc',
    );
    expect(bodyRows()[0]?.textContent).toContain('row-09999');
  });

  it('doubles the page size when the last row is reached', async () => {
    const { router } = renderTable({ data: rows(5), virtual: true, mode: 'server', total: 100 }, '/list?pageSize=5');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?pageSize=10'));
  });

  it('does not ask for a larger page while the page it has is still arriving', async () => {
    const { router } = renderTable({ data: rows(3), virtual: true, mode: 'server', total: 100 }, '/list?pageSize=5');
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(router.state.location.search).toBe('?pageSize=5');
  });
});

describe('DataTable frame', () => {
  it('bounds the scrolling body of a paged table, so a page of rows scrolls under its headings', () => {
    const { container } = renderTable();
    const body = container.querySelector<HTMLElement>('[data-table-id="t"] > div');
    expect(body?.style.maxHeight).toBe(TABLE_MAX_HEIGHT);
    expect(body?.className).toContain('overflow-auto');
  });

  it('holds a virtual body to its height even where the page has no height of its own', () => {
    const { container } = renderTable({ data: rows(1000), virtual: true, height: 480 });
    const body = container.querySelector<HTMLElement>('[data-table-id="t"] > div');
    expect(body?.style.height).toBe('480px');
    expect(body?.style.maxHeight).toBe('480px');
  });

  it('gives columns their declared widths and the table its narrowest width', () => {
    const sized: ColumnDef<Row, unknown>[] = [
      { accessorKey: 'name', header: 'Name' },
      { accessorKey: 'team', header: 'Team', meta: { width: '6rem' } },
      { accessorKey: 'size', header: 'Size', meta: { width: '5rem' } },
    ];
    const { container } = renderAt(<DataTable<Row> id="w" columns={sized} data={rows(2)} minWidth="40rem" />);
    const widths = [...container.querySelectorAll('col')].map((col) => col.style.width);
    expect(widths).toEqual(['', '6rem', '5rem']);
    expect(container.querySelector('table')?.style.minWidth).toBe('40rem');
  });
});
