import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { useFormatDateTime } from '../../../lib/date-format';
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

/** The chart's colours: axis text, grid lines, the two series and the maintenance shading. */
export interface ChartPalette {
  text: string;
  grid: string;
  uptime: string;
  latency: string;
  maintenance: string;
}

/** The light theme's values, for a canvas drawn where the stylesheet is absent (tests). */
const LIGHT_PALETTE: ChartPalette = {
  text: '#4b5563',
  grid: '#e5e7eb',
  uptime: '#15803d',
  latency: '#1d4ed8',
  maintenance: '#e5e7eb',
};

/** A span the check was in maintenance (GET /api/maintenance/intervals), as the chart shades it. */
export interface MaintenanceSpan {
  start: string;
  end: string;
  title: string;
}

/** No span to shade (one array, so a chart without maintenance is not redrawn on every render). */
export const NO_MAINTENANCE: readonly MaintenanceSpan[] = [];

/** The spans that overlap the chart's time axis, clipped to it, in seconds (uPlot's unit). */
export function shadedSpans(
  spans: readonly MaintenanceSpan[],
  minutes: number,
  nowMs: number = Date.now(),
): Array<[number, number]> {
  const [from, to] = timeAxisRange(minutes, nowMs);
  return spans.flatMap((span): Array<[number, number]> => {
    const start = Date.parse(span.start) / 1000;
    const end = Date.parse(span.end) / 1000;
    if (!(end > from && start < to)) return [];
    return [[Math.max(start, from), Math.min(end, to)]];
  });
}

/**
 * Shades `spans` (seconds) across the plot's height, under the grid and the series: the runs inside a
 * window are left out of uptime (when the window says so), and the shading says where.
 */
export function maintenancePlugin(spans: ReadonlyArray<readonly [number, number]>, fill: string): uPlot.Plugin {
  return {
    hooks: {
      drawClear: [
        (plot) => {
          const { ctx, bbox } = plot;
          ctx.save();
          ctx.fillStyle = fill;
          for (const [start, end] of spans) {
            const left = plot.valToPos(start, 'x', true);
            const right = plot.valToPos(end, 'x', true);
            ctx.fillRect(left, bbox.top, Math.max(1, right - left), bbox.height);
          }
          ctx.restore();
        },
      ],
    },
  };
}

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
    maintenance: token('surface-strong', LIGHT_PALETTE.maintenance),
  };
}

/** The chart's uPlot options for a width, the chosen range in minutes and the spans to shade (seconds). */
export function chartOptions(
  width: number,
  minutes: number,
  nowMs: number = Date.now(),
  palette: ChartPalette = LIGHT_PALETTE,
  shaded: ReadonlyArray<readonly [number, number]> = [],
): uPlot.Options {
  const axis = { stroke: palette.text, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid } };
  return {
    width,
    height: HEIGHT,
    plugins: shaded.length > 0 ? [maintenancePlugin(shaded, palette.maintenance)] : [],
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
 * axis spanning exactly that range; the maintenance windows that overlap it are shaded, with a
 * "Maintenance" legend entry naming them; a range without results says so instead of drawing empty axes.
 * uPlot and its styles load when the first chart mounts, so the dashboard does not carry them (uPlot
 * also reads the screen's pixel ratio as it loads).
 */
export function CheckChart({
  points,
  minutes,
  maintenance = NO_MAINTENANCE,
}: {
  points: readonly GraphPoint[];
  minutes: number;
  maintenance?: readonly MaintenanceSpan[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const empty = points.length === 0;
  const theme = usePaintedTheme();
  const formatDateTime = useFormatDateTime();
  const overlapping = maintenance.filter((span) => shadedSpans([span], minutes).length > 0);
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
        const now = Date.now();
        const options = chartOptions(width, minutes, now, chartPalette(), shadedSpans(maintenance, minutes, now));
        plot = new UPlot(options, chartData(points), element);
        resize = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth || width, height: HEIGHT }));
        resize.observe(element);
      })
      .catch((error: unknown) => console.warn('The chart could not be drawn', error));
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [points, minutes, maintenance, empty, theme]);
  if (empty) {
    return (
      <p className="flex items-center justify-center text-sm text-fg-subtle" style={{ height: HEIGHT }}>
        {NO_RESULTS_IN_RANGE}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div ref={box} role="img" aria-label="Uptime and latency chart" className="w-full" />
      {overlapping.length > 0 ? (
        <ul aria-label="Chart legend" className="flex gap-3 text-xs text-fg-muted">
          <li
            className="flex items-center gap-1"
            title={overlapping
              .map((span) => `${span.title}: ${formatDateTime(span.start)} – ${formatDateTime(span.end)}`)
              .join('\n')}
          >
            <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-surface-strong" />
            Maintenance
          </li>
        </ul>
      ) : null}
    </div>
  );
}
