import { render, screen, waitFor, within } from '@testing-library/react';
import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import { drawnCharts } from '../../../test/uplot-double';
import {
  CheckChart,
  chartOptions,
  maintenancePlugin,
  NO_RESULTS_IN_RANGE,
  shadedSpans,
  timeAxisRange,
} from './check-chart';

const NOW = Date.parse('2026-11-25T21:00:00Z');

describe('check chart (issue 12 §6)', () => {
  it('spans the chosen range ending now: 1h is the last hour, whatever the results', () => {
    expect(timeAxisRange(60, NOW)).toEqual([NOW / 1000 - 3600, NOW / 1000]);
    const x = chartOptions(600, 60, NOW).scales?.x;
    expect(x?.time).toBe(true);
    expect(x?.range).toEqual([NOW / 1000 - 3600, NOW / 1000]);
    expect(chartOptions(600, 7 * 24 * 60, NOW).scales?.x?.range).toEqual([NOW / 1000 - 604_800, NOW / 1000]);
  });

  it("says 'No results in this range' instead of drawing empty axes", () => {
    render(<CheckChart points={[]} minutes={60} />);
    expect(screen.getByText(NO_RESULTS_IN_RANGE).textContent).toBe('No results in this range');
    expect(screen.queryByRole('img', { name: 'Uptime and latency chart' })).toBeNull();
  });

  it('shades the maintenance windows that overlap the range, clipped to it, and no other', () => {
    const hour = 3600;
    const spans = shadedSpans(
      [
        // began before the range, ends inside it
        { start: '2026-11-25T19:30:00Z', end: '2026-11-25T20:15:00Z', title: 'Nightly backup' },
        // inside the range
        { start: '2026-11-25T20:40:00Z', end: '2026-11-25T20:50:00Z', title: 'Patch' },
        // ended before the range, and one not begun
        { start: '2026-11-25T18:00:00Z', end: '2026-11-25T19:00:00Z', title: 'Earlier' },
        { start: '2026-11-25T21:30:00Z', end: '2026-11-25T22:00:00Z', title: 'Later' },
      ],
      60,
      NOW,
    );
    const now = NOW / 1000;
    expect(spans).toEqual([
      [now - hour, now - 45 * 60],
      [now - 20 * 60, now - 10 * 60],
    ]);
    expect(chartOptions(600, 60, NOW).plugins).toEqual([]);
    expect(chartOptions(600, 60, NOW, undefined, spans).plugins).toHaveLength(1);

    // the plugin fills each span over the plot's height, before the series are drawn
    const fillRect = vi.fn();
    const ctx = { save: vi.fn(), restore: vi.fn(), fillRect, fillStyle: '' };
    const plot = {
      ctx,
      bbox: { top: 10, height: 150, left: 0, width: 600 },
      valToPos: (value: number) => (value - (now - hour)) / 6,
    } as unknown as uPlot; // the plugin reads only these members
    const draw = maintenancePlugin(spans, '#e5e7eb').hooks.drawClear;
    for (const hook of [draw].flat()) hook?.(plot);
    expect(fillRect.mock.calls).toEqual([
      [0, 10, 150, 150],
      [400, 10, 100, 150],
    ]);
    expect(ctx.fillStyle).toBe('#e5e7eb');
  });

  it("adds a 'Maintenance' legend entry only when a window overlaps the range", async () => {
    const points = [
      { time: new Date(Date.now() - 10 * 60_000).toISOString(), status: true, duration: 80, passed: 1, failed: 0 },
    ];
    const inside = {
      start: new Date(Date.now() - 30 * 60_000).toISOString(),
      end: new Date(Date.now() - 20 * 60_000).toISOString(),
      title: 'Nightly backup',
    };
    // jsdom has no ResizeObserver; the chart only needs one to follow its box's width
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const before = drawnCharts.count;
    const view = render(<CheckChart points={points} minutes={60} maintenance={[inside]} />);
    await waitFor(() => expect(drawnCharts.count).toBe(before + 1));
    const legend = screen.getByRole('list', { name: 'Chart legend' });
    const entry = within(legend).getByText('Maintenance');
    expect(entry.closest('li')?.getAttribute('title')).toContain('Nightly backup');
    view.unmount();

    const earlier = {
      ...inside,
      start: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      end: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    };
    render(<CheckChart points={points} minutes={60} maintenance={[earlier]} />);
    await waitFor(() => expect(drawnCharts.count).toBe(before + 2));
    expect(screen.getByRole('img', { name: 'Uptime and latency chart' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chart legend' })).toBeNull();
  });
});
