/**
 * Which fixtures need a cluster or a cloud ("out of reach" here): check types and scraper kinds that
 * talk to Kubernetes, a cloud provider or a product with no local stand-in, and values that only a
 * cluster holds (secrets and config maps, Helm values, service-account tokens, `connection://` objects
 * of upstream's test environment, cloud or share connections, object-store and share paths), and
 * sources only the network has (a file scraper entry's `url`: a git repository or remote archive that
 * config-db fetches before reading its paths).
 */

/** canary-checker check types with no local stand-in here. */
const OUT_OF_REACH_CHECKS = new Set([
  'kubernetes',
  'kubernetesResource',
  'namespace',
  'pod',
  'helm',
  'containerd',
  'containerdPush',
  'docker',
  'dockerPush',
  'junit',
  'mongodb',
  'mssql',
  'ldap',
  'elasticsearch',
  'opensearch',
  'restic',
  'gitProtocol',
  'github',
  'git',
  'alertmanager',
  'awsConfig',
  'awsConfigRule',
  'cloudwatch',
  'ec2',
  's3',
  'gcsDatabaseBackup',
  'databaseBackup',
  'azureDevops',
  'dynatrace',
  'jmeter',
  'catalog',
  'pubsub',
  'openTelemetry',
  'webhook',
  'kubernetesFile',
  'aws',
  'azure',
  'gcp',
  'gitlab',
  'trivy',
  'clickhouse',
  'bigquery',
  'terraform',
  'githubActions',
]);

/**
 * Keys that, anywhere in a spec (a topology's lookups, an exec check's connections), reach a cluster or
 * a cloud; generic names (`namespace`, `catalog`) are left out, the catalog being this server's own.
 */
const NESTED_OUT_OF_REACH = new Set([
  'kubernetes',
  'helm',
  'aws',
  'gcp',
  'azure',
  'containerd',
  'mongodb',
  'mssql',
  's3',
]);

/** Fields whose presence means a value or target only a cluster or cloud has. */
const CLUSTER_KEYS = new Set([
  'secretKeyRef',
  'configMapKeyRef',
  'helmRef',
  'serviceAccount',
  'awsConnection',
  'gcpConnection',
  'azureConnection',
  'sftpConnection',
  'smbConnection',
  'kubeconfig',
]);

function scan(value: unknown, reasons: Set<string>, provided: ReadonlySet<string>, depth = 0): void {
  if (depth > 30) return;
  if (typeof value === 'string') {
    if (value.startsWith('connection://') && !provided.has(value)) reasons.add(`upstream connection ${value}`);
    if (/^(s3|gcs|smb|sftp):\/\//.test(value) || value.startsWith('\\\\')) reasons.add(`remote path ${value}`);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && CLUSTER_KEYS.has(key)) reasons.add(key);
    if (typeof key === 'string' && depth > 0 && NESTED_OUT_OF_REACH.has(key)) reasons.add(`uses ${key}`);
    scan(item, reasons, provided, depth + 1);
  }
}

/** A config-db file entry's `url` (go-getter: git, http archives, object stores) needs the network. */
function remoteFileSources(spec: Record<string, unknown>, reasons: Set<string>): void {
  const entries: unknown[] = Array.isArray(spec.file) ? spec.file : [];
  for (const entry of entries) {
    const url = typeof entry === 'object' && entry !== null && 'url' in entry ? entry.url : undefined;
    if (typeof url === 'string' && url !== '') reasons.add(`the network (a remote file source, ${url})`);
  }
}

/** Below this many milliseconds an icmp threshold judges a remote host's round trip, which loopback beats. */
const LOOPBACK_RTT_MS = 5;

/**
 * icmp checks ping the stand-in's loopback address, which answers every packet in well under a
 * millisecond: reachable, except where the fixture's verdict rests on a remote host's latency (a
 * `thresholdMillis` only a real distance exceeds).
 */
function remoteLatency(spec: Record<string, unknown>, reasons: Set<string>): void {
  const entries: unknown[] = Array.isArray(spec.icmp) ? spec.icmp : [];
  for (const entry of entries) {
    const threshold =
      typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).thresholdMillis : 0;
    if (typeof threshold === 'number' && threshold > 0 && threshold < LOOPBACK_RTT_MS) {
      reasons.add(
        `icmp thresholdMillis ${threshold} (a remote host's round trip; the loopback stand-in answers faster)`,
      );
    }
  }
}

/**
 * Why a spec is out of reach here (empty: reachable); `provided` are the `connection://` references the
 * replay's stand-ins answer (stand-ins/connections.ts).
 */
export function outOfReachReasons(spec: Record<string, unknown>, provided: ReadonlySet<string> = new Set()): string[] {
  const reasons = new Set<string>();
  remoteFileSources(spec, reasons);
  remoteLatency(spec, reasons);
  for (const key of Object.keys(spec)) {
    if (OUT_OF_REACH_CHECKS.has(key) || /^(aws|gcp|azure|kubernetes)/i.test(key)) reasons.add(`type ${key}`);
  }
  scan(spec, reasons, provided);
  return [...reasons];
}
