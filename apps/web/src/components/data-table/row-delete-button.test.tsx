import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { DataTable } from './data-table';
import { RowDeleteButton } from './row-delete-button';

interface Row {
  name: string;
}

describe('RowDeleteButton', () => {
  it('asks to delete without opening the row it sits in', async () => {
    const onDelete = vi.fn();
    const onRowClick = vi.fn();
    const columns = [
      { id: 'name', header: 'Name', accessorKey: 'name' as const },
      { id: 'actions', header: '', cell: () => <RowDeleteButton onDelete={onDelete} /> },
    ];
    renderAt(<DataTable<Row> id="rows" columns={columns} data={[{ name: 'SRE' }]} onRowClick={onRowClick} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('cell', { name: 'SRE' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});
