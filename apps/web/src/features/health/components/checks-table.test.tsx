import { act, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import type { CheckSummary } from '../api/get-checks-summary';
import { ChecksTable } from './checks-table';

function checks(count: number): CheckSummary[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `c${index}`,
    canary_id: 'k',
    canary_name: 'k',
    name: `check-${index}`,
    type: 'http',
    namespace: null,
    description: null,
    endpoint: null,
    icon: null,
    status: 'healthy',
    severity: null,
    labels: null,
    last_runtime: null,
    last_transition_time: null,
    next_runtime: null,
    uptime: { passed: 1, failed: 0 },
    latency: { p95: 10 },
  })) as CheckSummary[];
}

interface CountedPageState {
  show: (rows: CheckSummary[]) => void;
  commits: number;
}

/** The table in a scroll area, its rows set from outside, counting the table's commits. */
function CountedPage({ page }: { page: CountedPageState }) {
  const [rows, setRows] = useState<CheckSummary[]>([]);
  page.show = setRows;
  return (
    <main>
      <Profiler
        id="checks"
        onRender={() => {
          page.commits += 1;
        }}
      >
        <ChecksTable checks={rows} groupBy="none" loading={rows.length === 0} />
      </Profiler>
    </main>
  );
}

describe('ChecksTable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws only the rows in view of a long flat list, with spacers for the rest', () => {
    // jsdom lays nothing out: the page's scroll area (main) is given the height of a window
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function height(this: HTMLElement) {
      return this.tagName === 'MAIN' ? 900 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function width(this: HTMLElement) {
      return this.tagName === 'MAIN' ? 1200 : 0;
    });
    renderAt(
      <main>
        <ChecksTable checks={checks(10_000)} groupBy="none" loading={false} />
      </main>,
    );
    const drawn = document.querySelectorAll('tr[data-check-id]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
    expect(screen.getByRole('link', { name: 'check-0' })).toBeTruthy();
    expect(document.querySelector('tr[data-spacer]')).not.toBeNull();
  });

  it('draws a long list once when its rows replace the skeleton: no second render before the first frame', () => {
    // the scroll area (main) has a window's size; the table sits at its top
    for (const [name, main] of [
      ['clientHeight', 900],
      ['offsetHeight', 900],
      ['clientWidth', 1200],
      ['offsetWidth', 1200],
    ] as const) {
      vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function size(this: HTMLElement) {
        return this.tagName === 'MAIN' ? main : 0;
      });
    }
    const page: CountedPageState = { show: () => undefined, commits: 0 };
    renderAt(<CountedPage page={page} />);
    expect(screen.getByTestId('table-skeleton')).toBeTruthy();
    page.commits = 0;
    act(() => page.show(checks(10_000)));
    expect(screen.getByRole('link', { name: 'check-0' })).toBeTruthy();
    expect(page.commits).toBe(1);
  });

  it('draws every row of a short flat list', () => {
    renderAt(<ChecksTable checks={checks(20)} groupBy="none" loading={false} />);
    expect(document.querySelectorAll('tr[data-check-id]').length).toBe(20);
  });
});
