/**
 * The resource-type icon resolver of 001 §2: from what a row knows about itself (an explicit icon, a
 * type with levels 'A::B::C', a config class) to the name of an icon of upstream's set
 * (@flanksource/icons, kebab-case names such as 'k8s-pod' or 'aws-ec2-instance'). Pure strings, so
 * resolving costs nothing in the first-screen bundle; each drawing loads on first use as a chunk of
 * its own (components/resource-icon.tsx), so a page pays only for the icons its rows show. Unknown types resolve to undefined and the component draws a
 * generic icon: never a blank box.
 */

/** What an icon is resolved from (001 §3 "config reference for icons": type and config_class). */
export interface IconSource {
  type?: string | null;
  config_class?: string | null;
  icon?: string | null;
}

/** Kubernetes kinds (upstream's k8s-* drawings). */
export const KUBERNETES_ICONS = [
  'k8s',
  'k8s-clusterrole',
  'k8s-clusterrolebinding',
  'k8s-configmap',
  'k8s-cronjob',
  'k8s-customresourcedefinition',
  'k8s-daemonset',
  'k8s-deployment',
  'k8s-endpoint',
  'k8s-hpa',
  'k8s-ingress',
  'k8s-job',
  'k8s-limits',
  'k8s-namespace',
  'k8s-networkpolicy',
  'k8s-node',
  'k8s-persistentvolume',
  'k8s-persistentvolumeclaim',
  'k8s-pod',
  'k8s-podsecuritypolicy',
  'k8s-quota',
  'k8s-replicaset',
  'k8s-role',
  'k8s-rolebinding',
  'k8s-secret',
  'k8s-service',
  'k8s-serviceaccount',
  'k8s-statefulset',
  'k8s-storageclass',
  'k8s-user',
] as const;

/** Amazon Web Services. */
export const AWS_ICONS = [
  'aws',
  'aws-alb',
  'aws-cloudformation',
  'aws-cloudtrail',
  'aws-cloudwatch',
  'aws-cloudwatch-alarm',
  'aws-config',
  'aws-dynamodb',
  'aws-ebs-volume',
  'aws-ec2',
  'aws-ec2-ami',
  'aws-ec2-instance',
  'aws-ecr',
  'aws-ecr-repository',
  'aws-ecs',
  'aws-ecs-service',
  'aws-ecs-task',
  'aws-efs',
  'aws-eks-cluster',
  'aws-elastic-ip',
  'aws-elasticache',
  'aws-elb',
  'aws-eni',
  'aws-iam',
  'aws-iam-role',
  'aws-iam-user',
  'aws-kms',
  'aws-lambda',
  'aws-rds',
  'aws-route53-hostedzone',
  'aws-s3',
  'aws-secrets-manager',
  'aws-security-group',
  'aws-sns',
  'aws-sqs',
  'aws-vpc',
] as const;

/** Microsoft Azure. */
export const AZURE_ICONS = [
  'azure',
  'azure-acr',
  'azure-ad',
  'azure-aks',
  'azure-app-service',
  'azure-cosmos',
  'azure-devops',
  'azure-disk',
  'azure-dns',
  'azure-firewall',
  'azure-ip',
  'azure-key-vault',
  'azure-load-balancer',
  'azure-network-interface',
  'azure-postgres',
  'azure-redis',
  'azure-resource-group',
  'azure-sql-server',
  'azure-storage',
  'azure-subscription',
  'azure-vm',
  'azure-vnet',
] as const;

/** Google Cloud. */
export const GCP_ICONS = [
  'gcp',
  'gcp-bigquery',
  'gcp-cloud-dns',
  'gcp-cloud-functions',
  'gcp-cloud-run',
  'gcp-cloud-sql',
  'gcp-cloud-storage',
  'gcp-compute-engine',
  'gcp-kms',
  'gcp-memorystore',
  'gcp-project',
  'gcp-pubsub',
  'gcp-secret-manager',
  'gcp-virtual-private-cloud',
  'gke',
] as const;

/** Databases, protocols, tools, chat and notification services, and this product's own kinds. */
export const GENERAL_ICONS = [
  'anthropic',
  'argo',
  'canary-checker',
  'cassandra',
  'cert-manager',
  'certificate',
  'clickhouse',
  'cloudflare',
  'cluster',
  'config-db',
  'console',
  'consul',
  'database',
  'datadog',
  'discord',
  'dns',
  'docker',
  'dynatrace',
  'elasticsearch',
  'email',
  'etcd',
  'flux',
  'folder',
  'git',
  'github',
  'gitlab',
  'google-chat',
  'grafana',
  'helm',
  'http',
  'https',
  'icmp',
  'ifttt',
  'istio',
  'jaeger',
  'jenkins',
  'jmeter',
  'kafka',
  'kustomize',
  'ldap',
  'linux',
  'loki',
  'matrix',
  'mattermost',
  'microsoft',
  'mission-control',
  'mongodb',
  'mysql',
  'network',
  'nginx',
  'ntfy',
  'ollama',
  'openai',
  'opensearch',
  'opentelemetry',
  'opsgenie',
  'oracle',
  'pagerduty',
  'playbook',
  'postgres',
  'prometheus',
  'pushbullet',
  'pushover',
  'rabbitmq',
  'redis',
  'restic',
  'rocket-chat',
  'server',
  'sftp',
  'slack',
  'smb',
  'sql-server',
  'ssl',
  'teams',
  'telegram',
  'terraform',
  'topology',
  'valkey',
  'vault',
  'webhook',
  'zulip',
] as const;

export type KubernetesIconName = (typeof KUBERNETES_ICONS)[number];
export type AwsIconName = (typeof AWS_ICONS)[number];
export type AzureIconName = (typeof AZURE_ICONS)[number];
export type GcpIconName = (typeof GCP_ICONS)[number];
export type GeneralIconName = (typeof GENERAL_ICONS)[number];
/** A drawing the console ships (a name of upstream's icon set). */
export type ResourceIconName = KubernetesIconName | AwsIconName | AzureIconName | GcpIconName | GeneralIconName;

/** Every drawing the console ships; each loads as its own small chunk on first use (scripts/resource-icons-plugin.ts). */
export const RESOURCE_ICON_NAMES: readonly ResourceIconName[] = [
  ...KUBERNETES_ICONS,
  ...AWS_ICONS,
  ...AZURE_ICONS,
  ...GCP_ICONS,
  ...GENERAL_ICONS,
];

const KNOWN = new Set<string>(RESOURCE_ICON_NAMES);

function isIconName(name: string): name is ResourceIconName {
  return KNOWN.has(name);
}

/**
 * Other spellings of the same thing: short Kubernetes names, CloudFormation-style AWS types, Azure
 * resource types, this product's check and connection types, and Kubernetes CRDs of known tools.
 */
const ALIASES: Readonly<Record<string, ResourceIconName>> = {
  kubernetes: 'k8s',
  pod: 'k8s-pod',
  deployment: 'k8s-deployment',
  namespace: 'k8s-namespace',
  node: 'k8s-node',
  'k8s-cluster': 'k8s',
  'k8s-svc': 'k8s-service',
  'k8s-cm': 'k8s-configmap',
  'k8s-deploy': 'k8s-deployment',
  'k8s-ns': 'k8s-namespace',
  'k8s-sts': 'k8s-statefulset',
  'k8s-ds': 'k8s-daemonset',
  'k8s-rs': 'k8s-replicaset',
  'k8s-pv': 'k8s-persistentvolume',
  'k8s-pvc': 'k8s-persistentvolumeclaim',
  'k8s-sa': 'k8s-serviceaccount',
  'k8s-crd': 'k8s-customresourcedefinition',
  'k8s-ing': 'k8s-ingress',
  'k8s-ep': 'k8s-endpoint',
  'k8s-endpoints': 'k8s-endpoint',
  'k8s-endpointslice': 'k8s-endpoint',
  'k8s-horizontalpodautoscaler': 'k8s-hpa',
  'k8s-resourcequota': 'k8s-quota',
  'k8s-limitrange': 'k8s-limits',
  'k8s-netpol': 'k8s-networkpolicy',
  'k8s-helmrelease': 'helm',
  'k8s-helmrepository': 'helm',
  'k8s-helmchart': 'helm',
  'k8s-kustomization': 'kustomize',
  'k8s-gitrepository': 'git',
  'k8s-application': 'argo',
  'k8s-appproject': 'argo',
  'k8s-certificate': 'cert-manager',
  'k8s-certificaterequest': 'cert-manager',
  'k8s-issuer': 'cert-manager',
  'k8s-clusterissuer': 'cert-manager',
  'k8s-canary': 'canary-checker',
  'k8s-scrapeconfig': 'config-db',
  'k8s-topology': 'topology',
  'k8s-playbook': 'playbook',
  'k8s-sealedsecret': 'k8s-secret',
  'aws-account': 'aws',
  'aws-region': 'aws',
  'aws-instance': 'aws-ec2-instance',
  'aws-ec2-securitygroup': 'aws-security-group',
  'aws-ec2-volume': 'aws-ebs-volume',
  'aws-ec2-vpc': 'aws-vpc',
  'aws-ec2-subnet': 'network',
  'aws-ec2-networkinterface': 'aws-eni',
  'aws-ec2-eip': 'aws-elastic-ip',
  'aws-ec2-image': 'aws-ec2-ami',
  'aws-s3-bucket': 'aws-s3',
  'aws-rds-dbinstance': 'aws-rds',
  'aws-rds-dbcluster': 'aws-rds',
  'aws-lambda-function': 'aws-lambda',
  'aws-iam-policy': 'aws-iam',
  'aws-iam-group': 'aws-iam',
  'aws-ecs-cluster': 'aws-ecs',
  'aws-ecs-taskdefinition': 'aws-ecs-task',
  'aws-eks-nodegroup': 'aws-eks-cluster',
  'aws-sqs-queue': 'aws-sqs',
  'aws-sns-topic': 'aws-sns',
  'aws-dynamodb-table': 'aws-dynamodb',
  'aws-elasticloadbalancing-loadbalancer': 'aws-elb',
  'aws-elasticloadbalancingv2-loadbalancer': 'aws-alb',
  'aws-cloudformation-stack': 'aws-cloudformation',
  'aws-efs-filesystem': 'aws-efs',
  'aws-kms-key': 'aws-kms',
  'aws-secretsmanager-secret': 'aws-secrets-manager',
  'aws-elasticache-cachecluster': 'aws-elasticache',
  'azure-virtualmachine': 'azure-vm',
  'azure-virtualmachines': 'azure-vm',
  'azure-managedcluster': 'azure-aks',
  'azure-managedclusters': 'azure-aks',
  'azure-kubernetes': 'azure-aks',
  'azure-resourcegroup': 'azure-resource-group',
  'azure-virtualnetwork': 'azure-vnet',
  'azure-virtualnetworks': 'azure-vnet',
  'azure-storageaccount': 'azure-storage',
  'azure-storageaccounts': 'azure-storage',
  'azure-keyvault': 'azure-key-vault',
  'azure-vaults': 'azure-key-vault',
  'azure-loadbalancer': 'azure-load-balancer',
  'azure-loadbalancers': 'azure-load-balancer',
  'azure-networkinterface': 'azure-network-interface',
  'azure-networkinterfaces': 'azure-network-interface',
  'azure-publicipaddress': 'azure-ip',
  'azure-publicipaddresses': 'azure-ip',
  'azure-sqlserver': 'azure-sql-server',
  'azure-servers': 'azure-sql-server',
  'azure-containerregistry': 'azure-acr',
  'azure-registries': 'azure-acr',
  'azure-dnszone': 'azure-dns',
  'azure-dnszones': 'azure-dns',
  'azure-appservice': 'azure-app-service',
  'azure-sites': 'azure-app-service',
  'azure-cosmosdb': 'azure-cosmos',
  'azure-postgresql': 'azure-postgres',
  'azure-disks': 'azure-disk',
  'azure-entra': 'azure-ad',
  'azure-devops-pipeline': 'azure-devops',
  google: 'gcp',
  'google-cloud': 'gcp',
  'gcp-instance': 'gcp-compute-engine',
  'gcp-gke': 'gke',
  'gcp-container-cluster': 'gke',
  'gcp-sql': 'gcp-cloud-sql',
  'gcp-bucket': 'gcp-cloud-storage',
  'gcp-storage': 'gcp-cloud-storage',
  gcs: 'gcp-cloud-storage',
  s3: 'aws-s3',
  ec2: 'aws-ec2',
  eks: 'aws-eks-cluster',
  aks: 'azure-aks',
  postgresql: 'postgres',
  mongo: 'mongodb',
  mssql: 'sql-server',
  sqlserver: 'sql-server',
  mariadb: 'mysql',
  elastic: 'elasticsearch',
  tcp: 'network',
  tls: 'ssl',
  exec: 'console',
  shell: 'console',
  windows: 'microsoft',
  smtp: 'email',
  'zulip-chat': 'zulip',
  rocketchat: 'rocket-chat',
  'generic-webhook': 'webhook',
  'ms-teams': 'teams',
  'virtual-machine': 'server',
  virtualmachine: 'server',
  vm: 'server',
  canary: 'canary-checker',
};

/** The provider levels that name a family of drawings ('Kubernetes::Pod' → 'k8s-pod'). */
const PROVIDERS: Readonly<Record<string, string>> = {
  kubernetes: 'k8s',
  k8s: 'k8s',
  aws: 'aws',
  azure: 'azure',
  gcp: 'gcp',
  google: 'gcp',
  googlecloud: 'gcp',
};

/** One level in the set's spelling: lower case, words joined by '-'. */
function slug(level: string): string {
  return level
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function lookup(candidate: string): ResourceIconName | undefined {
  if (!candidate) return undefined;
  const aliased = ALIASES[candidate];
  if (aliased) return aliased;
  return isIconName(candidate) ? candidate : undefined;
}

/**
 * Resolves one type-like value. With a provider first level the whole name is tried, then the
 * provider with the last level ('AWS::Foo::Bucket' → 'aws-bucket'), then shorter prefixes down to
 * the provider's own logo, so an unknown Kubernetes CRD still shows the Kubernetes mark. Without a
 * provider the whole name is tried, then each level from the last.
 */
function resolveValue(value: string | null | undefined): ResourceIconName | undefined {
  const levels = (value ?? '').split(/::|\//).map(slug).filter(Boolean);
  const [first, ...rest] = levels;
  if (!first) return undefined;
  const provider = PROVIDERS[first.replace(/-/g, '')];
  if (provider) {
    const candidates = [[provider, ...rest].join('-')];
    const last = rest.at(-1);
    if (last) candidates.push(`${provider}-${last}`);
    for (let keep = rest.length - 1; keep >= 0; keep--) candidates.push([provider, ...rest.slice(0, keep)].join('-'));
    for (const candidate of candidates) {
      const found = lookup(candidate);
      if (found) return found;
    }
    return undefined;
  }
  for (const candidate of [levels.join('-'), ...[...levels].reverse()]) {
    const found = lookup(candidate) ?? lookup(candidate.replace(/-/g, ''));
    if (found) return found;
  }
  return undefined;
}

/**
 * Answers by icon, type and class: a table of thousands of rows has a handful of distinct types, and each
 * row's splitting, slugging and alias lookups were paid again on every render of its icon. Bounded, as the
 * values come from data.
 */
const resolved = new Map<string, ResourceIconName | undefined>();
const RESOLVED_LIMIT = 5_000;

/**
 * The drawing for a resource: its explicit icon, else its type, else its config class; undefined
 * when none is known (the component then draws the generic icon).
 */
export function resolveResourceIcon(source: IconSource): ResourceIconName | undefined {
  const key = `${source.icon ?? ''}\u0000${source.type ?? ''}\u0000${source.config_class ?? ''}`;
  if (resolved.has(key)) return resolved.get(key);
  const explicit = source.icon && !/^https?:/i.test(source.icon) ? source.icon : undefined;
  const name = resolveValue(explicit) ?? resolveValue(source.type) ?? resolveValue(source.config_class);
  if (resolved.size >= RESOLVED_LIMIT) resolved.clear();
  resolved.set(key, name);
  return name;
}

/**
 * The drawings most rows show — the core Kubernetes kinds, the main AWS services and the common check
 * types — served as one chunk (`virtual:resource-icons-common`) that components/resource-icon.tsx asks
 * for as soon as it loads, so a long list's first frame draws them at once instead of a generic box and
 * then one chunk request and one re-render per row.
 */
export const COMMON_RESOURCE_ICONS: readonly ResourceIconName[] = [
  'k8s',
  'k8s-namespace',
  'k8s-node',
  'k8s-pod',
  'k8s-deployment',
  'k8s-replicaset',
  'k8s-statefulset',
  'k8s-daemonset',
  'k8s-service',
  'k8s-ingress',
  'k8s-configmap',
  'k8s-secret',
  'k8s-job',
  'k8s-cronjob',
  'aws',
  'aws-ec2-instance',
  'aws-rds',
  'aws-s3',
  'http',
  'dns',
  'network',
  'ssl',
  'icmp',
  'postgres',
  'prometheus',
  'database',
];
