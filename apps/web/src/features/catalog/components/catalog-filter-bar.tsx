import { useEffect, useState } from 'react';
import { MultiSelectFilter } from '../../../components/filters/multi-select-filter';
import { useDebounced } from '../../../components/use-debounced';
import { useUrlParams } from '../../../lib/url-state';
import { useFilterParam } from '../../../lib/use-filter-param';
import { type OptionList, useConfigOptions } from '../api/get-config-options';
import { CATALOG_FILTER_KEYS } from './catalog-filter-params';

/** Search debounce of the catalog's name search (001 §9: 400 ms on dashboards). */
const SEARCH_DEBOUNCE_MS = 400;

function OptionFilter({
  label,
  param,
  list,
  tags = false,
}: {
  label: string;
  param: string;
  list: OptionList;
  tags?: boolean;
}) {
  const options = useConfigOptions(list);
  const [selection, setSelection] = useFilterParam(param, { labels: param === 'labels' });
  return (
    <MultiSelectFilter
      label={label}
      options={(options.data ?? []).map((value) => ({ value }))}
      selection={selection}
      onChange={setSelection}
      tags={tags}
    />
  );
}

function SearchBox() {
  const [params, update] = useUrlParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const debounced = useDebounced(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if ((params.get('search') ?? '') !== debounced.trim()) update({ search: debounced.trim() }, ['pageIndex']);
  }, [debounced, params, update]);
  return (
    <input
      type="search"
      aria-label="Search"
      placeholder="Search by name"
      value={text}
      onChange={(event) => setText(event.target.value)}
      className="w-56 rounded border border-border-strong px-2 py-1 text-sm"
    />
  );
}

/**
 * The catalog filters, all in the URL (type, status, health, labels, tags, search); the list,
 * changes and insights pages read the same parameters, so a filter follows the user between them.
 */
export function CatalogFilterBar({ show = CATALOG_FILTER_KEYS }: { show?: readonly string[] }) {
  const [, update] = useUrlParams();
  const [cleared, setCleared] = useState(0);
  return (
    <fieldset aria-label="Filters" className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0">
      {show.includes('search') ? <SearchBox key={cleared} /> : null}
      {show.includes('type') ? <OptionFilter label="Type" param="type" list="types" /> : null}
      {show.includes('status') ? <OptionFilter label="Status" param="status" list="statuses" /> : null}
      {show.includes('health') ? <OptionFilter label="Health" param="health" list="healths" /> : null}
      {show.includes('labels') ? <OptionFilter label="Labels" param="labels" list="labels" tags /> : null}
      {show.includes('tags') ? <OptionFilter label="Tags" param="tags" list="tags" tags /> : null}
      <button
        type="button"
        className="text-sm text-link hover:underline"
        onClick={() => {
          update(Object.fromEntries(CATALOG_FILTER_KEYS.map((key) => [key, undefined])), ['pageIndex']);
          setCleared((count) => count + 1);
        }}
      >
        Clear filters
      </button>
    </fieldset>
  );
}
