import type { ColumnDef } from '@tanstack/react-table';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DataTable } from '../../../apps/web/src/components/data-table/data-table';
import '../../../apps/web/src/index.css';

interface Row {
  id: string;
  name: string;
  status: string;
  namespace: string;
  duration: number;
}

declare global {
  interface Window {
    /** Milliseconds from render() to the first painted frame of the table. */
    __firstFrameMs?: number;
    __rowsRendered?: number;
  }
}

const ROWS = Number(new URLSearchParams(window.location.search).get('rows') ?? 10_000);
const data: Row[] = Array.from({ length: ROWS }, (_, index) => ({
  id: String(index),
  name: `check-${String(index).padStart(5, '0')}`,
  status: index % 7 === 0 ? 'unhealthy' : 'healthy',
  namespace: `team-${index % 12}`,
  duration: (index * 37) % 5000,
}));
const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'namespace', header: 'Namespace' },
  { accessorKey: 'duration', header: 'Duration (ms)' },
];

const router = createMemoryRouter(
  [
    {
      path: '*',
      element: <DataTable<Row> id="bench" columns={columns} data={data} virtual pagination={false} height={800} />,
    },
  ],
  { initialEntries: ['/bench'] },
);

const root = document.getElementById('root');
if (root) {
  const start = performance.now();
  createRoot(root).render(<RouterProvider router={router} />);
  const waitForRows = () => {
    const rendered = document.querySelectorAll('tbody tr[data-index]').length;
    if (rendered === 0) {
      requestAnimationFrame(waitForRows);
      return;
    }
    requestAnimationFrame(() => {
      window.__firstFrameMs = performance.now() - start;
      window.__rowsRendered = rendered;
    });
  };
  requestAnimationFrame(waitForRows);
}
