import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
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

/** The uptime and latency chart of a check over the chosen range (uPlot; 000 §2). */
export function CheckChart({ points }: { points: readonly GraphPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = element.clientWidth || 600;
    const plot = new uPlot(
      {
        width,
        height: 180,
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
      },
      chartData(points),
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth || width, height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points]);
  return <div ref={box} role="img" aria-label="Uptime and latency chart" className="w-full" />;
}
