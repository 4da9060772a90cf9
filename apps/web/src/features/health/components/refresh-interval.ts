const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * The dashboard refresh setting in ms (001 §4): a number with suffix s, m, h, d or w; '0', 'none',
 * empty or anything unreadable is off (null).
 */
export function refreshIntervalMs(setting: string | null | undefined): number | null {
  const match = /^(\d+)(s|m|h|d|w)$/.exec((setting ?? '').trim());
  if (!match) return null;
  const ms = Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? 0);
  return ms > 0 ? ms : null;
}
