import { useState } from 'react';

/** A tag: key and value. */
export interface Tag {
  key: string;
  value: string;
}

const FIRST_KEYS = ['account', 'namespace', 'name'];

/** Orders tags with account, namespace and name first, the rest by key (001 §9). */
export function sortTags(tags: readonly Tag[]): Tag[] {
  const rank = (key: string) => {
    const index = FIRST_KEYS.indexOf(key);
    return index === -1 ? FIRST_KEYS.length : index;
  };
  return [...tags].sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}

/** Turns a labels/tags map into a tag list. */
export function tagsFromRecord(record: Record<string, unknown> | null | undefined): Tag[] {
  return Object.entries(record ?? {}).map(([key, value]) => ({ key, value: String(value) }));
}

/**
 * A collapsing tag list: shows `minRows` tags until expanded (001 §9: tags collapse to a fixed
 * height per minimum row count).
 */
export function TagList({ tags, minRows = 3 }: { tags: readonly Tag[]; minRows?: number }) {
  const [expanded, setExpanded] = useState(false);
  const sorted = sortTags(tags);
  const shown = expanded ? sorted : sorted.slice(0, minRows);
  const hidden = sorted.length - shown.length;
  return (
    <div className="flex flex-wrap items-center gap-1">
      {shown.map((tag) => (
        <span
          key={`${tag.key}=${tag.value}`}
          className="rounded border border-border bg-surface-muted px-1.5 py-0.5 text-xs"
        >
          <span className="text-fg-subtle">{tag.key}</span>: <span className="text-fg">{tag.value}</span>
        </span>
      ))}
      {hidden > 0 ? (
        <button type="button" className="text-xs text-link" onClick={() => setExpanded(true)}>
          +{hidden} more
        </button>
      ) : null}
      {expanded && sorted.length > minRows ? (
        <button type="button" className="text-xs text-link" onClick={() => setExpanded(false)}>
          Show less
        </button>
      ) : null}
    </div>
  );
}
