import { BROWSER_TIMEZONE } from './preferences';

/** One choice of the timezone dropdown. */
export interface TimezoneOption {
  value: string;
  label: string;
  offsetMinutes: number;
}

/** The offset of a zone at an instant, in minutes east of UTC. */
export function zoneOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  const text =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** '(UTC+05:30)' for 330. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `(UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')})`;
}

/**
 * The timezone dropdown (001 §2): Browser first, then every supported zone sorted by UTC offset
 * (then name), each labelled with its offset.
 */
export function timezoneOptions(at: Date = new Date()): TimezoneOption[] {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const browserOffset = zoneOffsetMinutes(browserZone, at);
  const zones = Intl.supportedValuesOf('timeZone')
    .map((zone) => ({ value: zone, offsetMinutes: zoneOffsetMinutes(zone, at) }))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.value.localeCompare(b.value))
    .map((zone) => ({ ...zone, label: `${formatOffset(zone.offsetMinutes)} ${zone.value}` }));
  return [
    { value: BROWSER_TIMEZONE, offsetMinutes: browserOffset, label: `Browser ${formatOffset(browserOffset)}` },
    ...zones,
  ];
}
