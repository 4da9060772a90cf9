/** A duration of a playbook spec (`30s`, `5m`, `1h30m`, `250ms`) in milliseconds; undefined when not given. */
export function durationMs(text: string | undefined): number | undefined {
  if (!text) return undefined;
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)(ms|s|m|h)/g)) {
    total += Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
  }
  return total;
}
