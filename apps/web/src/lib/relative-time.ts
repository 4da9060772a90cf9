const UNITS: ReadonlyArray<[suffix: string, seconds: number]> = [
  ['y', 365 * 24 * 3600],
  ['mo', 30 * 24 * 3600],
  ['d', 24 * 3600],
  ['h', 3600],
  ['m', 60],
];

/**
 * Short relative time (001 §9): the largest whole unit among 1m, 1h, 1d, 1mo, 1y, e.g. '5m', '2d'.
 * Under a minute reads '<1m'; times in the future read 'in 5m'.
 */
export function relativeTime(value: Date | string | number, now: Date = new Date()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const diff = Math.round((now.getTime() - time) / 1000);
  const seconds = Math.abs(diff);
  const unit = UNITS.find(([, size]) => seconds >= size);
  const text = unit ? `${Math.floor(seconds / unit[1])}${unit[0]}` : '<1m';
  return diff < 0 && unit ? `in ${text}` : text;
}
