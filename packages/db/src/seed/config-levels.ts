/**
 * The shape of the generated catalog: a Kubernetes tree (cluster → namespace → deployment → pod) and an
 * AWS tree (account → EC2 instance, RDS instance, S3 bucket). Each level is a contiguous range of
 * global config indexes, so a child computes its parent's index, and thus its id, arithmetically.
 * SQL expressions may use `g` (index in the level), `svc` (a service name), `p` (the parent row) and
 * `$7` (the batch's name tag).
 */
export interface ConfigLevel {
  kind: string;
  type: string;
  configClass: string;
  /** 1 = Kubernetes scraper, 2 = AWS scraper. */
  scraper: 1 | 2;
  parent: string | null;
  /** Share of the total (the pod level takes what is left). */
  share: number;
  min: number;
  name: string;
  tags: string;
  config: string;
  /** Status text for healthy, warning and unhealthy items. */
  statuses: [string, string, string];
  costly: boolean;
}

const K8S_TAGS = 'p.tags';

export const CONFIG_LEVELS: ConfigLevel[] = [
  {
    kind: 'cluster',
    type: 'Kubernetes::Cluster',
    configClass: 'Cluster',
    scraper: 1,
    parent: null,
    share: 1 / 5000,
    min: 1,
    name: `'demo-cluster-' || g || $7::text`,
    tags: `jsonb_build_object('cluster', 'demo-cluster-' || g || $7::text)`,
    config: `jsonb_build_object('kind', 'Cluster', 'metadata', jsonb_build_object('name', 'demo-cluster-' || g))`,
    statuses: ['Healthy', 'Degraded', 'Unreachable'],
    costly: false,
  },
  {
    kind: 'account',
    type: 'AWS::::Account',
    configClass: 'Account',
    scraper: 2,
    parent: null,
    share: 1 / 20000,
    min: 1,
    name: `'demo-account-' || (100000000000 + g)::text`,
    tags: `jsonb_build_object('account', (100000000000 + g)::text, 'region', (ARRAY['eu-west-1', 'us-east-1'])[1 + g % 2])`,
    config: `jsonb_build_object('AccountId', (100000000000 + g)::text)`,
    statuses: ['Active', 'Active', 'Suspended'],
    costly: true,
  },
  {
    kind: 'namespace',
    type: 'Kubernetes::Namespace',
    configClass: 'Namespace',
    scraper: 1,
    parent: 'cluster',
    share: 0.04,
    min: 1,
    name: `svc || '-' || g`,
    tags: `${K8S_TAGS} || jsonb_build_object('namespace', svc || '-' || g)`,
    config: `jsonb_build_object('apiVersion', 'v1', 'kind', 'Namespace', 'metadata', jsonb_build_object('name', svc || '-' || g))`,
    statuses: ['Active', 'Active', 'Terminating'],
    costly: false,
  },
  {
    kind: 'deployment',
    type: 'Kubernetes::Deployment',
    configClass: 'Deployment',
    scraper: 1,
    parent: 'namespace',
    share: 0.2,
    min: 0,
    name: `svc || '-' || (ARRAY['api', 'worker', 'web', 'consumer', 'cron'])[1 + g % 5] || '-' || g`,
    tags: K8S_TAGS,
    config: `jsonb_build_object('apiVersion', 'apps/v1', 'kind', 'Deployment', 'metadata', jsonb_build_object('name', svc || '-' || g,
      'namespace', p.tags ->> 'namespace', 'labels', jsonb_build_object('app', svc)), 'spec', jsonb_build_object('replicas', 1 + g % 5,
      'template', jsonb_build_object('spec', jsonb_build_object('containers', jsonb_build_array(jsonb_build_object('name', svc,
      'image', 'registry.demo.local/' || svc || ':1.' || (g % 40)))))))`,
    statuses: ['Running', 'Progressing', 'Degraded'],
    costly: false,
  },
  {
    kind: 'ec2',
    type: 'AWS::EC2::Instance',
    configClass: 'VirtualMachine',
    scraper: 2,
    parent: 'account',
    share: 0.1,
    min: 0,
    name: `'i-' || substr(md5('ec2' || g || $7::text), 1, 17)`,
    tags: `p.tags || jsonb_build_object('Name', svc || '-node-' || g)`,
    config: `jsonb_build_object('InstanceType', (ARRAY['t3.medium', 'm5.large', 'c5.xlarge'])[1 + g % 3], 'State', jsonb_build_object('Name', 'running'))`,
    statuses: ['running', 'pending', 'stopped'],
    costly: true,
  },
  {
    kind: 'rds',
    type: 'AWS::RDS::DBInstance',
    configClass: 'Database',
    scraper: 2,
    parent: 'account',
    share: 0.03,
    min: 0,
    name: `svc || '-db-' || g`,
    tags: `p.tags || jsonb_build_object('Name', svc || '-db-' || g)`,
    config: `jsonb_build_object('Engine', 'postgres', 'EngineVersion', '15.' || (g % 8), 'DBInstanceClass', 'db.m5.large')`,
    statuses: ['available', 'modifying', 'failed'],
    costly: true,
  },
  {
    kind: 's3',
    type: 'AWS::S3::Bucket',
    configClass: 'Bucket',
    scraper: 2,
    parent: 'account',
    share: 0.03,
    min: 0,
    name: `'demo-' || svc || '-assets-' || g`,
    tags: 'p.tags',
    config: `jsonb_build_object('Versioning', (g % 2 = 0), 'Encryption', 'AES256')`,
    statuses: ['Active', 'Active', 'PublicAccess'],
    costly: true,
  },
  {
    kind: 'pod',
    type: 'Kubernetes::Pod',
    configClass: 'Pod',
    scraper: 1,
    parent: 'deployment',
    share: 0,
    min: 0,
    name: `(coalesce(p.name, svc) || '-' || substr(md5('pod' || g), 1, 10) || '-' || substr(md5('pod' || g), 11, 5))`,
    tags: K8S_TAGS,
    config: `jsonb_build_object('apiVersion', 'v1', 'kind', 'Pod', 'metadata', jsonb_build_object('name', coalesce(p.name, svc) || '-' || g,
      'namespace', p.tags ->> 'namespace'), 'status', jsonb_build_object('phase', 'Running', 'restartCount', g % 4))`,
    statuses: ['Running', 'Pending', 'CrashLoopBackOff'],
    costly: false,
  },
];

/** A level with its place in the global index range. */
export interface PlannedLevel extends ConfigLevel {
  count: number;
  offset: number;
}

/** Splits `total` config items over the levels; the counts add up to `total` exactly. */
export function planConfigLevels(total: number): PlannedLevel[] {
  let remaining = total;
  let offset = 0;
  const planned: PlannedLevel[] = [];
  for (const level of CONFIG_LEVELS) {
    const wanted = level.kind === 'pod' ? remaining : Math.max(level.min, Math.floor(total * level.share));
    const count = Math.min(wanted, remaining);
    planned.push({ ...level, count, offset });
    offset += count;
    remaining -= count;
  }
  return planned;
}
