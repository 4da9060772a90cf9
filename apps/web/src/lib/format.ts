import { PROGRESS_CLAMP } from '@mc/contracts';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** Bytes in steps of 1024 from B to YB (001 §9): 1536 → '1.5 KB'. */
export function formatBytes(bytes: number, decimals = 1): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes === 0) return '0 B';
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(decimals)));
  return `${sign}${rounded} ${BYTE_UNITS[unit]}`;
}

function trim(value: number): string {
  return String(Number(value.toFixed(1)));
}

/** A duration in milliseconds, rounded to ms, s, m or h (001 §9): 1500 → '1.5s', 90000 → '1.5m'. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${trim(ms / 1000)}s`;
  if (ms < 3_600_000) return `${trim(ms / 60_000)}m`;
  return `${trim(ms / 3_600_000)}h`;
}

/** Cuts text past `max` characters and adds an ellipsis (001 §5). */
export function truncateText(text: string, max: number): string {
  if (max <= 0) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Initials of the first two words of the name, else of the email, else '?' (001 §3). */
export function initials(name?: string | null, email?: string | null): string {
  const source = name?.trim() || email?.trim() || '';
  if (!source) return '?';
  const words = source.split(/\s+/).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return letters || '?';
}

/** Clamps a progress value into 5…100 (001 §5), so a bar is always visible. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return PROGRESS_CLAMP.min;
  return Math.min(PROGRESS_CLAMP.max, Math.max(PROGRESS_CLAMP.min, value));
}
