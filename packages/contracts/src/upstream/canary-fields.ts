/** What this server does with each field of canary-checker's Canary (see field-registry.ts). */
import type { UpstreamFieldRegistry } from './field-registry.js';

const HEALTH = 'apps/server/src/modules/health';
const CHECK_TYPES_DIR = `${HEALTH}/check-types`;
/** Check-level description fields are stored with each check, whatever its type. */
const DESCRIPTION_TEST = `${HEALTH}/canaries/check-description.test.ts`;
/** test, display and transform expressions run the same way for every type. */
const EXPRESSIONS_TEST = `${CHECK_TYPES_DIR}/registry.test.ts`;
/** Their Go template and JavaScript forms, run end to end on a check against a local HTTP server. */
const TEMPLATE_EXPRESSIONS_TEST = `${HEALTH}/expressions/block-evaluation.test.ts`;
const RUN_TEST = (type: string) => `${CHECK_TYPES_DIR}/${type}.test.ts`;
/** dependsOn orders a canary's checks and hands outputs on, whatever their types. */
const DEPENDS_ON_TEST = `${HEALTH}/runner/depends-on.test.ts`;
/** A transform's named entries stored as checks of their own, retired by their delete strategy. */
const TRANSFORMED_TEST = `${HEALTH}/runner/transformed-checks.test.ts`;
/** A SQL check's query, plain and as a Go template over `last_result` (stateful checks), on both drivers. */
const SQL_QUERY_TEST = `${HEALTH}/runner/stateful-query.test.ts`;
/** A folder check's path and filter, as Go templates over `last_result`, rendered before each run. */
const FOLDER_TEMPLATE_TEST = `${HEALTH}/runner/folder-template.test.ts`;
const VALUE_SOURCES_TEST = `${CHECK_TYPES_DIR}/value-sources.test.ts`;
/** A check's custom Prometheus metrics, recorded after each run whatever its type. */
const METRICS_TEST = `${HEALTH}/runner/check-metrics.test.ts`;
const METRIC_FIELDS = [
  'metrics',
  'metrics.name',
  'metrics.type',
  'metrics.value',
  'metrics.labels',
  'metrics.labels.name',
  'metrics.labels.value',
  'metrics.labels.valueExpr',
] as const;
const AUTH_TEST = (scheme: string) => `${CHECK_TYPES_DIR}/http-auth/${scheme}.test.ts`;
const TLS_TEST = `${CHECK_TYPES_DIR}/tls-options.test.ts`;
const TLS_FIELDS = ['insecureSkipVerify', 'handshakeTimeout', 'ca', 'cert', 'key'] as const;

/** `tlsConfig` and its fields on a check type, shown by `test`. */
function tlsConfig(type: string, test: string): Record<string, string> {
  const fields: Record<string, string> = { [`${type}.tlsConfig`]: test };
  for (const field of TLS_FIELDS) fields[`${type}.tlsConfig.${field}`] = test;
  return fields;
}

const EXPRESSION_BLOCKS = ['test', 'display', 'transform'] as const;

/** The folder check's own fields (local folders; remote paths and connections are refused at save). */
const FOLDER_FIELDS = [
  'path',
  'recursive',
  'filter',
  'filter.minAge',
  'filter.maxAge',
  'filter.since',
  'filter.minSize',
  'filter.maxSize',
  'filter.regex',
  'minAge',
  'maxAge',
  'minCount',
  'maxCount',
  'minSize',
  'maxSize',
  'availableSize',
  'totalSize',
] as const;

/** Fields every check has (canary-checker's Description) and, for templatable ones, its expressions. */
function common(type: string, templatable: boolean): Record<string, string> {
  const fields: Record<string, string> = {
    [`${type}.name`]: RUN_TEST(type),
    [`${type}.description`]: DESCRIPTION_TEST,
    [`${type}.namespace`]: DESCRIPTION_TEST,
    [`${type}.icon`]: DESCRIPTION_TEST,
    [`${type}.labels`]: DESCRIPTION_TEST,
    [`${type}.dependsOn`]: DEPENDS_ON_TEST,
  };
  for (const field of METRIC_FIELDS) fields[`${type}.${field}`] = METRICS_TEST;
  if (!templatable) return fields;
  fields[`${type}.transformDeleteStrategy`] = TRANSFORMED_TEST;
  for (const block of EXPRESSION_BLOCKS) {
    fields[`${type}.${block}`] = EXPRESSIONS_TEST;
    fields[`${type}.${block}.expr`] = EXPRESSIONS_TEST;
    fields[`${type}.${block}.template`] = TEMPLATE_EXPRESSIONS_TEST;
    fields[`${type}.${block}.javascript`] = TEMPLATE_EXPRESSIONS_TEST;
  }
  return fields;
}

/** The Canary fields honoured (with the test showing it); none is pending, every other field is refused at save. */
export const CANARY_FIELDS: UpstreamFieldRegistry = {
  honoured: {
    'spec.schedule': `${HEALTH}/canaries/canaries.routes.test.ts`,
    'spec.interval': `${HEALTH}/canaries/canaries.routes.test.ts`,
    'spec.replicas': `${HEALTH}/canaries/canaries-write.hook.test.ts`,
    'spec.severity': DESCRIPTION_TEST,
    'spec.owner': DESCRIPTION_TEST,
    'spec.resultMode': `${HEALTH}/runner/junit-result-mode.test.ts`,
    ...common('http', true),
    'http.url': RUN_TEST('http'),
    'http.connection': RUN_TEST('http'),
    'http.username': RUN_TEST('http'),
    'http.password': RUN_TEST('http'),
    'http.thresholdMillis': RUN_TEST('http'),
    'http.responseCodes': RUN_TEST('http'),
    'http.maxRedirects': RUN_TEST('http'),
    'http.responseContent': RUN_TEST('http'),
    'http.responseJSONContent': RUN_TEST('http'),
    'http.responseJSONContent.path': RUN_TEST('http'),
    'http.responseJSONContent.value': RUN_TEST('http'),
    'http.maxSSLExpiry': RUN_TEST('http'),
    'http.method': RUN_TEST('http'),
    'http.body': RUN_TEST('http'),
    'http.headers': RUN_TEST('http'),
    'http.templateBody': RUN_TEST('http'),
    'http.env': RUN_TEST('http'),
    ...tlsConfig('http', TLS_TEST),
    'http.endpoint': `${CHECK_TYPES_DIR}/http-fields.test.ts`,
    'http.ntlm': AUTH_TEST('ntlm'),
    'http.ntlmv2': AUTH_TEST('ntlm'),
    'http.digest': AUTH_TEST('digest'),
    'http.oauth2': AUTH_TEST('oauth2'),
    'http.oauth2.scope': AUTH_TEST('oauth2'),
    'http.oauth2.tokenURL': AUTH_TEST('oauth2'),
    'http.oauth2.params': AUTH_TEST('oauth2'),
    'http.awsSigV4': AUTH_TEST('aws-sigv4'),
    'http.awsSigV4.accessKey': AUTH_TEST('aws-sigv4'),
    'http.awsSigV4.secretKey': AUTH_TEST('aws-sigv4'),
    'http.awsSigV4.sessionToken': AUTH_TEST('aws-sigv4'),
    'http.awsSigV4.region': AUTH_TEST('aws-sigv4'),
    'http.awsSigV4.service': AUTH_TEST('aws-sigv4'),
    ...Object.fromEntries(
      [
        'crawl',
        'crawl.depth',
        'crawl.allowedDomains',
        'crawl.disallowedDomains',
        'crawl.allowedURLFilters',
        'crawl.disallowedURLFilters',
        'crawl.delay',
        'crawl.randomDelay',
        'crawl.parallelism',
      ].map((field) => [`http.${field}`, `${CHECK_TYPES_DIR}/http-crawl.test.ts`]),
    ),
    ...common('tcp', true),
    'tcp.endpoint': RUN_TEST('tcp'),
    'tcp.thresholdMillis': RUN_TEST('tcp'),
    ...common('dns', false),
    'dns.server': RUN_TEST('dns'),
    'dns.port': RUN_TEST('dns'),
    'dns.query': RUN_TEST('dns'),
    'dns.querytype': RUN_TEST('dns'),
    'dns.minrecords': RUN_TEST('dns'),
    'dns.exactreply': RUN_TEST('dns'),
    'dns.timeout': RUN_TEST('dns'),
    'dns.thresholdMillis': RUN_TEST('dns'),
    ...common('icmp', false),
    'icmp.endpoint': RUN_TEST('icmp'),
    'icmp.packetCount': RUN_TEST('icmp'),
    'icmp.thresholdMillis': RUN_TEST('icmp'),
    'icmp.packetLossThreshold': RUN_TEST('icmp'),
    ...common('postgres', true),
    'postgres.connection': RUN_TEST('postgres'),
    'postgres.url': RUN_TEST('postgres'),
    'postgres.username': RUN_TEST('postgres'),
    'postgres.password': RUN_TEST('postgres'),
    'postgres.query': SQL_QUERY_TEST,
    'postgres.results': RUN_TEST('postgres'),
    'postgres.markFailOnEmpty': RUN_TEST('postgres'),
    ...common('mysql', true),
    'mysql.connection': RUN_TEST('mysql'),
    'mysql.url': RUN_TEST('mysql'),
    'mysql.password': RUN_TEST('mysql'),
    'mysql.query': SQL_QUERY_TEST,
    'mysql.results': RUN_TEST('mysql'),
    'mysql.markFailOnEmpty': RUN_TEST('mysql'),
    'mysql.username': RUN_TEST('mysql'),
    ...common('redis', false),
    'redis.transformDeleteStrategy': TRANSFORMED_TEST,
    'redis.connection': RUN_TEST('redis'),
    'redis.url': RUN_TEST('redis'),
    'redis.username': RUN_TEST('redis'),
    'redis.password': RUN_TEST('redis'),
    'redis.addr': RUN_TEST('redis'),
    'redis.db': RUN_TEST('redis'),
    ...tlsConfig('redis', RUN_TEST('redis')),
    'redis.tlsConfig.enable': RUN_TEST('redis'),
    ...common('prometheus', true),
    'prometheus.connection': RUN_TEST('prometheus'),
    'prometheus.url': RUN_TEST('prometheus'),
    'prometheus.username': RUN_TEST('prometheus'),
    'prometheus.password': RUN_TEST('prometheus'),
    'prometheus.query': RUN_TEST('prometheus'),
    'prometheus.host': RUN_TEST('prometheus'),
    ...common('exec', true),
    'exec.script': RUN_TEST('exec'),
    'exec.env': RUN_TEST('exec'),
    'EnvVar.name': RUN_TEST('exec'),
    'EnvVar.value': RUN_TEST('http'),
    'EnvVar.valueFrom': RUN_TEST('exec'),
    'EnvVar.valueFrom.secretKeyRef': RUN_TEST('exec'),
    'EnvVar.valueFrom.secretKeyRef.name': RUN_TEST('exec'),
    'EnvVar.valueFrom.secretKeyRef.key': RUN_TEST('exec'),
    'EnvVar.valueFrom.configMapKeyRef': VALUE_SOURCES_TEST,
    'EnvVar.valueFrom.configMapKeyRef.name': VALUE_SOURCES_TEST,
    'EnvVar.valueFrom.configMapKeyRef.key': VALUE_SOURCES_TEST,
    'exec.artifacts': `${HEALTH}/results/check-artifacts.test.ts`,
    'exec.artifacts.path': `${HEALTH}/results/check-artifacts.test.ts`,
    ...common('folder', true),
    ...Object.fromEntries(FOLDER_FIELDS.map((field) => [`folder.${field}`, RUN_TEST('folder')])),
    'folder.path': FOLDER_TEMPLATE_TEST,
    'folder.filter.since': FOLDER_TEMPLATE_TEST,
    'folder.filter.regex': FOLDER_TEMPLATE_TEST,
    // heartbeat (push) checks: upstream's static `token` is refused, the server issues one (docs/health-checks.md)
    ...common('webhook', true),
  },
  pending: {},
};
