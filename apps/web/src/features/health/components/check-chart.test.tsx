import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckChart, chartOptions, NO_RESULTS_IN_RANGE, timeAxisRange } from './check-chart';

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
});
