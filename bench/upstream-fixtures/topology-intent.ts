/**
 * What canary-checker's own tests expect of its topology fixtures (pkg/topology/run_test.go builds six
 * of them and asserts the tree), restated as checks on the tree this server builds, and the catalog
 * items those tests build on (duty's dummy Kubernetes nodes; the config item run_test.go creates).
 * Facts carry over; the checks are this bench's own. A fixture without an entry has no intent.
 */

/** A component of the built tree, as `GET /api/canary/api/topology` answers it. */
export interface TreeNode {
  name: string;
  status?: string | null;
  properties?: Record<string, unknown>[] | null;
  components?: TreeNode[];
}

/** The catalog items the fixtures read: name, type, tags, status and config. */
export interface SeedItem {
  name: string;
  type: string;
  tags: Record<string, string>;
  status: string;
  config: unknown;
}

/** duty's dummy Kubernetes nodes (two in cluster aws, one in demo) and run_test.go's config item. */
export const TOPOLOGY_SEED: SeedItem[] = [
  { name: 'node-a', type: 'Kubernetes::Node', tags: { cluster: 'aws' }, status: 'healthy', config: { kind: 'Node' } },
  { name: 'node-b', type: 'Kubernetes::Node', tags: { cluster: 'aws' }, status: 'healthy', config: { kind: 'Node' } },
  {
    name: 'aks-pool-1',
    type: 'Kubernetes::Node',
    tags: { cluster: 'demo' },
    status: 'healthy',
    config: { kind: 'Node' },
  },
  {
    name: 'config-item',
    type: 'Config::Dummy',
    tags: { 'tag-1': 'a', 'tag-2': 'b' },
    status: 'healthy',
    config: { spec: { container: { name: 'hello', version: 'v3' } } },
  },
];

/** The first way `roots` differ from upstream's expectation; null when they match. */
type TreeIntent = (roots: TreeNode[]) => string | null;

const names = (nodes: TreeNode[] | undefined) => (nodes ?? []).map((node) => node.name);

function sameNames(where: string, nodes: TreeNode[] | undefined, want: string[]): string | null {
  const got = names(nodes).sort();
  const expected = [...want].sort();
  return JSON.stringify(got) === JSON.stringify(expected)
    ? null
    : `${where}: components ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`;
}

/** Properties compared as upstream's MatchJSON: the same list, field for field (order of properties kept). */
function sameProperties(node: TreeNode, want: Record<string, unknown>[]): string | null {
  const got = (node.properties ?? []).map((property) =>
    Object.fromEntries(Object.entries(property).filter(([, value]) => value !== null && value !== undefined)),
  );
  const text = (list: Record<string, unknown>[]) =>
    JSON.stringify(list.map((p) => Object.fromEntries(Object.entries(p).sort(([a], [b]) => a.localeCompare(b)))));
  return text(got) === text(want) ? null : `${node.name}: properties ${text(got)}, expected ${text(want)}`;
}

function first<T>(...problems: (() => T | null)[]): T | null {
  for (const problem of problems) {
    const found = problem();
    if (found !== null) return found;
  }
  return null;
}

const child = (nodes: TreeNode[] | undefined, name: string) => (nodes ?? []).find((node) => node.name === name);

/** run_test.go "should create component with properties". */
const withProperties: TreeIntent = ([root]) => {
  const rows = [
    ['component-a', 1, 'team-a'],
    ['component-b', 10, 'team-b'],
    ['component-c', 50, 'team-b'],
  ] as const;
  return first(
    () => sameNames('root', root?.components, ['component-a', 'component-b', 'component-c']),
    ...rows.map(([name, value, owner]) => () => {
      const node = child(root?.components, name);
      if (!node) return `no ${name}`;
      return sameProperties(node, [
        { name: 'error_percentage', value, min: 0, max: 100 },
        { name: 'owner', text: owner },
        { name: 'company', text: 'Acme' },
        { name: 'location', text: 'Mars' },
        { name: 'key', text: 'value' },
        { name: 'config-key', text: 'v3' },
      ]);
    }),
  );
};

/** run_test.go "should create component with forEach functionality". */
const withForEach: TreeIntent = ([root]) => {
  const rows = [
    ['component-a', 'team-a', 'intel'],
    ['component-b', 'team-b', 'intel'],
    ['component-c', 'team-b', 'amd'],
  ] as const;
  return first(
    () => sameNames('root', root?.components, ['component-a', 'component-b', 'component-c']),
    ...rows.map(([name, owner, processor]) => () => {
      const node = child(root?.components, name);
      if (!node) return `no ${name}`;
      return (
        sameNames(name, node.components, ['Child-A', 'Child-B']) ??
        sameProperties(node, [
          { name: 'owner', text: owner },
          { name: 'processor', text: processor },
          { name: 'company', text: 'Acme' },
          { name: 'location', text: 'Mars' },
        ])
      );
    }),
  );
};

/** run_test.go "should set status from expression". */
const statusExpr: TreeIntent = ([root]) =>
  root?.status === 'healthy' ? null : `root status ${String(root?.status)}, expected healthy`;

/** run_test.go "should update component's parents". */
const parentLookup: TreeIntent = ([root]) =>
  first(
    () => sameNames('root', root?.components, ['Parent-1', 'Parent-2', 'Parent-3']),
    () => sameNames('Parent-1', child(root?.components, 'Parent-1')?.components, ['Child-1A', 'Child-1B']),
    () => sameNames('Parent-2', child(root?.components, 'Parent-2')?.components, ['Child-2A', 'Child-2B', 'Child-1C']),
    () => sameNames('Parent-3', child(root?.components, 'Parent-3')?.components, ['Child-1D', 'Child-2C']),
  );

/** run_test.go "should create two root components with group by". */
const groupBy: TreeIntent = (roots) => {
  const aws = child(roots, 'kubernetes-clusters (aws)');
  const demo = child(roots, 'kubernetes-clusters (demo)');
  return first(
    () => sameNames('roots', roots, ['kubernetes-clusters (aws)', 'kubernetes-clusters (demo)']),
    () => sameNames('aws', aws?.components, ['Nodes']),
    () => sameNames('aws/Nodes', aws?.components?.[0]?.components, ['node-a', 'node-b']),
    () => sameNames('demo', demo?.components, ['Nodes']),
    () => sameNames('demo/Nodes', demo?.components?.[0]?.components, ['aks-pool-1']),
  );
};

/** run_test.go "should correctly merge multiple property lookup". */
const propertyList: TreeIntent = ([root]) => {
  const node = child(root?.components, 'RootComponent');
  return first(
    () => sameNames('root', root?.components, ['RootComponent']),
    () =>
      node ? sameProperties(node, [{ name: 'error_percentage', value: 10, min: 0, max: 100 }]) : 'no RootComponent',
  );
};

/** The intents, by fixture file name under fixtures/topology/. */
export const TOPOLOGY_INTENTS: Record<string, TreeIntent> = {
  'component-with-properties.yml': withProperties,
  'component-with-for-each.yml': withForEach,
  'component-status-expr.yml': statusExpr,
  'component-with-parent-lookup.yml': parentLookup,
  'kubernetes-cluster-group-by.yaml': groupBy,
  'component-with-property-list.yml': propertyList,
};
