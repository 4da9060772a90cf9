import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { GraphPoint } from '../api/get-check';

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

function options(width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: true }, uptime: { range: [0, 100] }, latency: { auto: true } },
    axes: [
      {},
      { scale: 'uptime', label: 'Uptime %' },
      { scale: 'latency', label: 'Latency ms', side: 1, grid: { show: false } },
    ],
    series: [
      {},
      { label: 'Uptime %', scale: 'uptime', stroke: '#16a34a', width: 1.5, spanGaps: true },
      { label: 'Latency ms', scale: 'latency', stroke: '#2563eb', width: 1.5, spanGaps: true },
    ],
  };
}

/**
 * The uptime and latency chart of a check over the chosen range (uPlot; 000 §2). uPlot and its styles
 * load when the first chart mounts, so the dashboard does not carry them (uPlot also reads the
 * screen's pixel ratio as it loads).
 */
export function CheckChart({ points }: { points: readonly GraphPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = element.clientWidth || 600;
        plot = new UPlot(options(width), chartData(points), element);
        resize = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth || width, height: HEIGHT }));
        resize.observe(element);
      })
      .catch((error: unknown) => console.warn('The chart could not be drawn', error));
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [points]);
  return <div ref={box} role="img" aria-label="Uptime and latency chart" className="w-full" />;
}
