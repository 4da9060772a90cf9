import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { usePaintedTheme } from '../../../lib/theme';
import type { useSloHistory } from '../api/get-slos';

type Points = NonNullable<ReturnType<typeof useSloHistory>['data']>['points'];

const HEIGHT = 160;

/** uPlot's columns: times in seconds and the remaining budget in percent (null: nothing measured). */
export function budgetChartData(points: Points): [number[], (number | null)[]] {
  return [
    points.map((point) => Math.floor(new Date(point.time).getTime() / 1000)),
    points.map((point) => point.budget_remaining),
  ];
}

/** The chart's colours from the design tokens as painted now (a canvas takes no CSS colours). */
function palette() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(`--color-${name}`).trim() || fallback;
  return {
    text: token('fg-muted', '#4b5563'),
    grid: token('border', '#e5e7eb'),
    line: token('link', '#1d4ed8'),
    zero: token('status-unhealthy', '#b91c1c'),
  };
}

/** The budget axis: 0 to 100%, widened to an overspent budget's lowest value. */
export function budgetRange(points: Points): [number, number] {
  const values = points.flatMap((point) => (point.budget_remaining === null ? [] : [point.budget_remaining]));
  return [Math.min(0, ...values), Math.max(100, ...values)];
}

/** The uPlot options of the budget chart for a width and the budget axis' range. */
export function budgetChartOptions(width: number, range: [number, number], colours = palette()): uPlot.Options {
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { stroke: colours.grid } };
  return {
    width,
    height: HEIGHT,
    scales: {
      x: { time: true },
      budget: { auto: false, range },
    },
    axes: [axis, { ...axis, scale: 'budget', label: 'Budget left %' }],
    series: [{}, { label: 'Budget left %', scale: 'budget', stroke: colours.line, width: 1.5, spanGaps: false }],
  };
}

/**
 * The error budget over time (uPlot): the remaining budget of the rolling window ending at each hour.
 * uPlot loads with the first chart, so the pages that show no SLO do not carry it.
 */
export function BudgetChart({ points }: { points: Points }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = usePaintedTheme();
  const measured = points.some((point) => point.budget_remaining !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours are read from CSS as it draws, so a theme switch must redraw
  useEffect(() => {
    const element = box.current;
    if (!element || !measured) return;
    let plot: uPlot | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        plot = new UPlot(
          budgetChartOptions(element.clientWidth || 560, budgetRange(points)),
          budgetChartData(points),
          element,
        );
      })
      .catch((error: unknown) => console.warn('The budget chart could not be drawn', error));
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [points, measured, theme]);
  if (!measured) return <p className="text-sm text-fg-muted">No runs measured in this window yet</p>;
  return <div ref={box} role="img" aria-label="Error budget over time" className="w-full" />;
}
