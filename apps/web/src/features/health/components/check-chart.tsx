import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { usePaintedTheme } from '../../../lib/theme';
import type { GraphPoint } from '../api/get-check';

/** What the chart says when the chosen range holds no run (issue 12 §6). */
export const NO_RESULTS_IN_RANGE = 'No results in this range';

/** uPlot's columns: times in seconds, uptime percent per bucket, mean latency per bucket. */
export function chartData(points: readonly GraphPoint[]): [number[], (number | null)[], (number | null)[]] {
  return [
    points.map((point) => Math.floor(new Date(point.time).getTime() / 1000)),
    points.map((point) => {
      const total = point.passed + point.failed;
      return total === 0 ? null : (point.passed / total) * 100;
    }),
    points.map((point) => point.duration),
  ];
}

const HEIGHT = 180;

/**
 * The time axis in seconds: the chosen range ending now. Left to uPlot, the axis fits the data, and a
 * check with one or two results got an axis spanning years (2027–2029 for a check a minute old).
 */
export function timeAxisRange(minutes: number, nowMs: number = Date.now()): [number, number] {
  const to = Math.ceil(nowMs / 1000);
  return [to - minutes * 60, to];
}

/** The chart's colours: axis text, grid lines and the two series. */
export interface ChartPalette {
  text: string;
  grid: string;
  uptime: string;
  latency: string;
}

/** The light theme's values, for a canvas drawn where the stylesheet is absent (tests). */
const LIGHT_PALETTE: ChartPalette = { text: '#4b5563', grid: '#e5e7eb', uptime: '#15803d', latency: '#1d4ed8' };

/**
 * The chart's colours from the design tokens as painted now: uPlot draws on a canvas, which CSS colours
 * do not reach, so the values are read when the chart is drawn (and it is redrawn on a theme change).
 */
export function chartPalette(): ChartPalette {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(`--color-${name}`).trim() || fallback;
  return {
    text: token('fg-muted', LIGHT_PALETTE.text),
    grid: token('border', LIGHT_PALETTE.grid),
    uptime: token('status-healthy', LIGHT_PALETTE.uptime),
    latency: token('link', LIGHT_PALETTE.latency),
  };
}

/** The chart's uPlot options for a width and the chosen range in minutes. */
export function chartOptions(
  width: number,
  minutes: number,
  nowMs: number = Date.now(),
  palette: ChartPalette = LIGHT_PALETTE,
): uPlot.Options {
  const axis = { stroke: palette.text, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid } };
  return {
    width,
    height: HEIGHT,
    scales: {
      x: { time: true, range: timeAxisRange(minutes, nowMs) },
      uptime: { range: [0, 100] },
      latency: { auto: true },
    },
    axes: [
      axis,
      { ...axis, scale: 'uptime', label: 'Uptime %' },
      { ...axis, scale: 'latency', label: 'Latency ms', side: 1, grid: { show: false } },
    ],
    series: [
      {},
      { label: 'Uptime %', scale: 'uptime', stroke: palette.uptime, width: 1.5, spanGaps: true },
      { label: 'Latency ms', scale: 'latency', stroke: palette.latency, width: 1.5, spanGaps: true },
    ],
  };
}

/**
 * The uptime and latency chart of a check over the chosen range of `minutes` (uPlot; 000 §2), its time
 * axis spanning exactly that range; a range without results says so instead of drawing empty axes.
 * uPlot and its styles load when the first chart mounts, so the dashboard does not carry them (uPlot
 * also reads the screen's pixel ratio as it loads).
 */
export function CheckChart({ points, minutes }: { points: readonly GraphPoint[]; minutes: number }) {
  const box = useRef<HTMLDivElement>(null);
  const empty = points.length === 0;
  const theme = usePaintedTheme();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours are read from CSS as it draws, so a theme switch must redraw
  useEffect(() => {
    const element = box.current;
    if (!element || empty) return;
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = element.clientWidth || 600;
        plot = new UPlot(chartOptions(width, minutes, Date.now(), chartPalette()), chartData(points), element);
        resize = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth || width, height: HEIGHT }));
        resize.observe(element);
      })
      .catch((error: unknown) => console.warn('The chart could not be drawn', error));
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [points, minutes, empty, theme]);
  if (empty) {
    return (
      <p className="flex items-center justify-center text-sm text-fg-subtle" style={{ height: HEIGHT }}>
        {NO_RESULTS_IN_RANGE}
      </p>
    );
  }
  return <div ref={box} role="img" aria-label="Uptime and latency chart" className="w-full" />;
}
