import type { TopologyProperty } from '@mc/contracts';
import { formatBytes, formatDuration } from '../../../lib/format';

const BYTE_UNITS = new Set(['bytes', 'b']);
const MILLI_UNITS = new Set(['ms', 'millis', 'milliseconds']);
const MILLICORES = new Set(['millicores', 'mcores', 'm']);

/** A property's number with its unit: bytes and durations humanised, millicores as cores, others as given. */
export function formatPropertyValue(property: TopologyProperty): string {
  const { value, unit } = property;
  if (value === undefined) return property.text ?? '';
  const lower = (unit ?? '').toLowerCase();
  if (BYTE_UNITS.has(lower)) return formatBytes(value);
  if (MILLI_UNITS.has(lower)) return formatDuration(value);
  if (MILLICORES.has(lower)) return value >= 1000 ? `${(value / 1000).toFixed(2)} cores` : `${value}m`;
  if (lower === 'percent' || lower === '%') return `${value}%`;
  const number = Number.isInteger(value) ? value.toLocaleString() : value.toFixed(2);
  return unit ? `${number} ${unit}` : number;
}

/** One property: a link for URLs, the number with its unit, or the text. */
export function PropertyValue({ property }: { property: TopologyProperty }) {
  const text = formatPropertyValue(property);
  if (property.url && /^https?:\/\//i.test(property.url)) {
    return (
      <a href={property.url} target="_blank" rel="noreferrer" className="truncate text-link hover:underline">
        {property.text ?? property.url}
      </a>
    );
  }
  return <span className="truncate">{text}</span>;
}

/** The properties of a component as a label/value list. */
export function PropertyList({
  properties,
  limit,
}: {
  properties: readonly TopologyProperty[] | null;
  limit?: number;
}) {
  // Rows written through the data API may hold anything: only named entries of a list are properties.
  const valid = Array.isArray(properties) ? properties.filter((p) => typeof p?.name === 'string') : [];
  const shown = [...valid]
    .sort((a, b) => Number(b.headline ?? false) - Number(a.headline ?? false) || (a.order ?? 0) - (b.order ?? 0))
    .slice(0, limit ?? valid.length);
  if (shown.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {shown.map((property) => (
        <div key={property.name} className="contents">
          <dt className="text-fg-muted">{property.label ?? property.name}</dt>
          <dd className="flex min-w-0 text-fg">
            <PropertyValue property={property} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
