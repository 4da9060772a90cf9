import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { DataTable } from './data-table';
import { dateTimeColumn } from './date-time-column';

interface Row {
  created_at: string;
  last_login: string | null;
}

describe('dateTimeColumn', () => {
  it('shows the formatted timestamp under its header, and nothing for an empty field', () => {
    const format = (value: string | null | undefined) => (value ? `at ${value}` : '');
    const columns = [
      dateTimeColumn<Row, 'created_at'>('created_at', 'Created', format),
      dateTimeColumn<Row, 'last_login'>('last_login', 'Last Login', format, { enableSorting: false }),
    ];
    renderAt(
      <DataTable<Row> id="dates" columns={columns} data={[{ created_at: '2026-01-02', last_login: null }]} />,
      '/',
    );
    expect(screen.getByRole('columnheader', { name: /Last Login/ })).toBeTruthy();
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['at 2026-01-02', '']);
    expect(columns.map((column) => [column.id, column.enableSorting])).toEqual([
      ['created_at', undefined],
      ['last_login', false],
    ]);
  });
});
