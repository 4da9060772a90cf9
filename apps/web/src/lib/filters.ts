import { UI_MESSAGES } from '@mc/contracts';
import { isForbiddenKey } from './query-params';

/** A tri-state filter value: exclude (-1), none (0), include (1) (001 §4). */
export type TriState = -1 | 0 | 1;

/** A selection: values with their include (1) or exclude (-1) state. */
export type FilterSelection = Record<string, 1 | -1>;

/** The state a tri-state toggle moves to: clicking the active state returns to 0. */
export function nextTriState(current: TriState, clicked: TriState): TriState {
  return current === clicked ? 0 : clicked;
}

/** Escapes commas and colons in a value so it survives the `value:state` list (001 §3). */
export function escapeFilterValue(value: string): string {
  return value.replaceAll(',', '||||').replaceAll(':', '____');
}

/** Reverses escapeFilterValue. */
export function unescapeFilterValue(value: string): string {
  return value.replaceAll('____', ':').replaceAll('||||', ',');
}

function emptySelection(): FilterSelection {
  return Object.create(null);
}

/** Encodes a selection as `value:state` items joined by commas; 0 states are dropped. */
export function encodeSelection(selection: FilterSelection): string {
  return Object.entries(selection)
    .filter(([, state]) => state === 1 || state === -1)
    .map(([value, state]) => `${escapeFilterValue(value)}:${state}`)
    .join(',');
}

/** Decodes a `value:state` list; malformed items and forbidden keys are skipped. */
export function decodeSelection(param: string | null | undefined): FilterSelection {
  const selection = emptySelection();
  if (!param) return selection;
  for (const item of param.split(',')) {
    const colon = item.lastIndexOf(':');
    if (colon <= 0) continue;
    const value = unescapeFilterValue(item.slice(0, colon));
    const state = Number(item.slice(colon + 1));
    if ((state === 1 || state === -1) && !isForbiddenKey(value)) selection[value] = state;
  }
  return selection;
}

/** Sets one value's state in a copy of the selection; 0 removes it. */
export function setSelectionState(selection: FilterSelection, value: string, state: TriState): FilterSelection {
  const next = Object.assign(emptySelection(), selection);
  if (isForbiddenKey(value)) return next;
  if (state === 0) delete next[value];
  else next[value] = state;
  return next;
}

/** Splits a tag item 'key:value' (or 'key=value') into its key. */
export function tagKeyOf(item: string): string {
  const index = item.search(/[:=]/);
  return index === -1 ? item : item.slice(0, index);
}

/** The tags dropdown: items with the same tag key keep one state, so setting one drops its siblings. */
export function setTagState(selection: FilterSelection, item: string, state: TriState): FilterSelection {
  const key = tagKeyOf(item);
  const next = emptySelection();
  for (const [existing, existingState] of Object.entries(selection)) {
    if (tagKeyOf(existing) !== key) next[existing] = existingState;
  }
  return setSelectionState(next, item, state);
}

/** The name of the server-facing filter parameter: `<key>.filter` (001 §9). */
export function filterParamName(key: string): string {
  return `${key}.filter`;
}

/** The server-facing value: included values as-is, excluded ones prefixed with '!', comma-joined. */
export function selectionToFilterValue(selection: FilterSelection): string {
  return Object.entries(selection)
    .map(([value, state]) => (state === -1 ? `!${value}` : value))
    .join(',');
}

/** Label filters in the URL: a JSON object of 'key=value' → 1 or -1; 0 removes the item (001 §5). */
export function encodeLabels(labels: FilterSelection): string | undefined {
  const kept = Object.entries(labels).filter(([, state]) => state === 1 || state === -1);
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : undefined;
}

/** Reads label filters; a value that fails to parse logs 'Error parsing labels' and is ignored. */
export function decodeLabels(param: string | null | undefined): FilterSelection {
  const labels = emptySelection();
  if (!param) return labels;
  let parsed: unknown;
  try {
    parsed = JSON.parse(param);
  } catch (error) {
    console.error(UI_MESSAGES.labelParseError, error);
    return labels;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    console.error(UI_MESSAGES.labelParseError, parsed);
    return labels;
  }
  for (const [key, state] of Object.entries(parsed)) {
    if (!isForbiddenKey(key) && (state === 1 || state === -1)) labels[key] = state;
  }
  return labels;
}

/** Chip text: up to 3 items, then a count of the rest (001 §9). */
export function chipSummary(items: readonly string[], visible = 3): string {
  if (items.length <= visible) return items.join(', ');
  return `${items.slice(0, visible).join(', ')} +${items.length - visible}`;
}
