import { COMPONENT_STATUSES, type TopologyResponse } from '@mc/contracts';
import { LabelledSelect } from '../../../components/labelled-select';
import { showsHiddenComponents } from '../../../lib/preferences';
import { useUrlParams } from '../../../lib/url-state';

/** The URL parameters of the topology filters (001 §2: every filter held in the URL). */
export const TOPOLOGY_FILTER_PARAMS = ['status', 'type', 'team', 'labels'] as const;

/** The choice meaning no filter (a collection key cannot be empty). */
const ALL = '__all__';
const choices = (values: readonly string[], all: string) => [
  { value: ALL, label: all },
  ...values.map((value) => ({ value, label: value })),
];

/** The query of `/canary/api/topology` the URL's filters ask for. */
export function topologyQueryFrom(params: URLSearchParams, base: Record<string, string>): Record<string, string> {
  const query: Record<string, string> = { ...base };
  for (const key of TOPOLOGY_FILTER_PARAMS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query;
}

/** The dashboard's query (/topology): the roots' cards with the address's filters and hidden-components choice. */
export function dashboardTopologyQuery(params: URLSearchParams): Record<string, string> {
  return topologyQueryFrom(params, { depth: '0', hidden: showsHiddenComponents(params) ? 'true' : 'false' });
}

/** Status, type, team and label filters of the cards; the options come from the last answer. */
export function TopologyFilters({ data }: { data: TopologyResponse | undefined }) {
  const [params, update] = useUrlParams();
  const labels = Object.entries(data?.tags ?? {}).flatMap(([key, values]) => values.map((value) => `${key}=${value}`));
  const current = (key: string) => params.get(key) ?? ALL;
  const withCurrent = (values: readonly string[], key: string) =>
    current(key) !== ALL && !values.includes(current(key)) ? [...values, current(key)] : values;
  return (
    <fieldset className="flex flex-wrap items-center gap-3" aria-label="Filters">
      <LabelledSelect
        label="Status"
        value={current('status')}
        choices={choices(COMPONENT_STATUSES, 'All')}
        onChange={(value) => update({ status: value === ALL ? null : value })}
      />
      <LabelledSelect
        label="Type"
        value={current('type')}
        choices={choices(withCurrent(data?.types ?? [], 'type'), 'All')}
        onChange={(value) => update({ type: value === ALL ? null : value })}
      />
      <LabelledSelect
        label="Team"
        value={current('team')}
        choices={choices(withCurrent(data?.teams ?? [], 'team'), 'All')}
        onChange={(value) => update({ team: value === ALL ? null : value })}
      />
      <LabelledSelect
        label="Labels"
        value={current('labels')}
        choices={choices(withCurrent(labels, 'labels'), 'All')}
        onChange={(value) => update({ labels: value === ALL ? null : value })}
      />
    </fieldset>
  );
}
