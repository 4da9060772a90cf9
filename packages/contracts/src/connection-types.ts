/**
 * The connection types of spec 001 §3 and their form fields. Each field names where it is stored:
 * a connection column (`url`, `username`, `password`, `certificate`, `insecure_tls`) or a key under
 * `properties.`. The console renders forms from this table and the server validates with it, so a
 * required field is required in exactly one place.
 */

/** How a field is edited. `secret` fields take an env-var source and are encrypted at rest. */
export type ConnectionFieldKind = 'text' | 'secret' | 'textarea' | 'number' | 'switch' | 'select' | 'connection';

/** Where a field's value lives on the connection row. */
export type ConnectionFieldPath =
  | 'url'
  | 'username'
  | 'password'
  | 'certificate'
  | 'insecure_tls'
  | `properties.${string}`;

/** One form field of a connection type. */
export interface ConnectionField {
  path: ConnectionFieldPath;
  label: string;
  kind: ConnectionFieldKind;
  required?: boolean;
  default?: string | number | boolean;
  options?: readonly string[];
  /** Shown (and required) only when another field has one of these values. */
  showWhen?: { path: ConnectionFieldPath; equals: readonly string[] };
  hint?: string;
}

/** One connection type: its fields, whether it sends notifications (its URL is built), and visibility. */
export interface ConnectionTypeDefinition {
  type: string;
  label: string;
  fields: readonly ConnectionField[];
  notification?: boolean;
  /** Not offered in the type picker (jmeter). */
  hidden?: boolean;
}

const f = (
  path: ConnectionFieldPath,
  label: string,
  kind: ConnectionFieldKind,
  extra: Partial<ConnectionField> = {},
): ConnectionField => ({ path, label, kind, ...extra });
const req = { required: true } as const;
const insecure = f('insecure_tls', 'Insecure TLS', 'switch', { default: false });
const user = (extra: Partial<ConnectionField> = {}) => f('username', 'Username', 'text', extra);
const pass = (extra: Partial<ConnectionField> = {}) => f('password', 'Password', 'secret', extra);

const awsFields = [
  f('properties.region', 'Region', 'text'),
  f('properties.profile', 'Profile', 'text'),
  f('username', 'Access Key', 'secret'),
  f('password', 'Secret Key', 'secret'),
  insecure,
];

/** Kubernetes connection methods (spec 001 §3). */
export const KUBERNETES_METHODS = ['kubeconfig', 'eks', 'gke', 'cnrm'] as const;
const k8s = (...methods: string[]) => ({ showWhen: { path: 'properties.method' as const, equals: methods } });

/** Email encryption methods and SMTP auth methods with their defaults (spec 001 §3). */
export const EMAIL_ENCRYPTION_METHODS = ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'] as const;
export const SMTP_AUTH_METHODS = ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'] as const;

const plain: readonly ConnectionTypeDefinition[] = [
  {
    type: 'anthropic',
    label: 'Anthropic',
    fields: [f('properties.model', 'Model', 'text'), f('url', 'URL', 'text'), pass({ label: 'API Key', ...req })],
  },
  {
    type: 'openai',
    label: 'OpenAI',
    fields: [f('url', 'URL', 'text'), f('properties.model', 'Model', 'text'), pass({ label: 'API Key', ...req })],
  },
  {
    type: 'ollama',
    label: 'Ollama',
    fields: [f('url', 'URL', 'text', req), f('properties.model', 'Model', 'text'), pass({ label: 'API Key', ...req })],
  },
  ...(['postgres', 'mysql', 'sql_server'] as const).map((type) => ({
    type,
    label: { postgres: 'Postgres', mysql: 'MySQL', sql_server: 'SQL Server' }[type],
    fields: [f('url', 'URL', 'text', req), user(req), pass(req)],
  })),
  { type: 'http', label: 'HTTP', fields: [f('url', 'URL', 'text', req), user(req), pass(req), insecure] },
  { type: 'prometheus', label: 'Prometheus', fields: [f('url', 'URL', 'text', req), user(), pass(), insecure] },
  ...(['elasticsearch', 'mongo', 'ldap'] as const).map((type) => ({
    type,
    label: { elasticsearch: 'Elasticsearch', mongo: 'MongoDB', ldap: 'LDAP' }[type],
    fields: [f('url', 'URL', 'text'), user(), pass(req), insecure],
  })),
  {
    type: 'redis',
    label: 'Redis',
    fields: [f('properties.db', 'DB', 'number'), f('url', 'URL', 'text', req), user(), pass(), insecure],
  },
  { type: 'windows', label: 'Windows', fields: [user(), pass(req), f('properties.domain', 'Domain', 'text')] },
  ...(['google_cloud', 'gcs'] as const).map((type) => ({
    type,
    label: { google_cloud: 'Google Cloud', gcs: 'Google Cloud Storage' }[type],
    fields: [
      f('url', 'Endpoint', 'text'),
      f('certificate', 'Certificate', 'secret', { required: true, hint: 'Service account JSON' }),
    ],
  })),
  {
    type: 'sftp',
    label: 'SFTP',
    fields: [f('url', 'Host', 'text'), user(), pass(req), f('properties.port', 'Port', 'number', { default: 22 })],
  },
  { type: 'aws', label: 'AWS', fields: awsFields },
  { type: 's3', label: 'S3', fields: [...awsFields, f('properties.bucket', 'Bucket', 'text', req)] },
  {
    type: 'azure_devops',
    label: 'Azure DevOps',
    fields: [
      f('username', 'Organization', 'text'),
      pass({ label: 'Personal Access Token' }),
      f('url', 'API URL', 'text', { hint: 'Azure DevOps Server; empty for https://dev.azure.com' }),
    ],
  },
  {
    type: 'azure',
    label: 'Azure',
    fields: [
      f('username', 'Client ID', 'secret', req),
      pass({ label: 'Client Secret', ...req }),
      f('properties.tenant', 'Tenant ID', 'text', req),
    ],
  },
  {
    type: 'github',
    label: 'GitHub',
    fields: [
      pass({ label: 'Personal Access Token' }),
      f('url', 'API URL', 'text', {
        hint: 'GitHub Enterprise (https://ghe.example.com/api/v3); empty for api.github.com',
      }),
    ],
  },
  { type: 'gitlab', label: 'GitLab', fields: [pass({ label: 'Personal Access Token' })] },
  {
    type: 'restic',
    label: 'Restic',
    fields: [
      pass(req),
      f('url', 'Repository URL', 'text', req),
      f('properties.awsConnectionName', 'AWS Connection Name', 'connection', req),
      f('properties.accessKey', 'Access Key', 'secret', req),
      f('properties.secretKey', 'Secret Key', 'secret', req),
    ],
  },
  {
    type: 'smb',
    label: 'SMB',
    fields: [
      f('url', 'Server', 'text'),
      f('properties.port', 'Port', 'number', { default: 445 }),
      f('properties.share', 'Share', 'text'),
      user(),
      pass(),
    ],
  },
  {
    type: 'jmeter',
    label: 'JMeter',
    hidden: true,
    fields: [f('url', 'Host', 'text'), f('properties.port', 'Port', 'number')],
  },
  {
    type: 'dynatrace',
    label: 'Dynatrace',
    fields: [
      f('url', 'Host', 'text'),
      pass({ label: 'API Key' }),
      f('properties.scheme', 'Scheme', 'select', { required: true, options: ['https', 'http'], default: 'https' }),
    ],
  },
  { type: 'folder', label: 'Folder', fields: [f('url', 'Path', 'text')] },
  {
    type: 'git',
    label: 'Git',
    fields: [
      f('url', 'URL', 'text'),
      f('properties.authentication', 'Authentication', 'select', { options: ['Basic', 'SSH'], default: 'Basic' }),
      user({ showWhen: { path: 'properties.authentication', equals: ['Basic'] } }),
      pass({ showWhen: { path: 'properties.authentication', equals: ['Basic'] } }),
      f('certificate', 'SSH Private Key', 'secret', {
        showWhen: { path: 'properties.authentication', equals: ['SSH'] },
      }),
      f('properties.ref', 'Ref', 'text', { default: 'main' }),
    ],
  },
  {
    type: 'kubernetes',
    label: 'Kubernetes',
    fields: [
      f('properties.method', 'Connection Method', 'select', {
        options: KUBERNETES_METHODS,
        default: 'kubeconfig',
        required: true,
      }),
      f('certificate', 'Kubeconfig', 'secret', k8s('kubeconfig')),
      f('properties.cluster', 'Cluster', 'text', k8s('eks', 'gke')),
      f('properties.project', 'Project', 'text', k8s('gke')),
      f('properties.zone', 'Zone', 'text', k8s('gke')),
      f('properties.connection', 'Connection URL', 'connection', k8s('eks', 'gke')),
      f('username', 'Access Key', 'secret', k8s('eks')),
      f('password', 'Secret Key', 'secret', k8s('eks')),
      f('properties.region', 'Region', 'text', k8s('eks')),
      f('properties.credentials', 'Credentials', 'secret', k8s('gke')),
      f('properties.endpoint', 'Endpoint', 'text', k8s('eks', 'gke')),
      f('insecure_tls', 'Skip TLS Verify', 'switch', { default: false, ...k8s('eks', 'gke') }),
      f('properties.clusterResource', 'Cluster Resource', 'text', k8s('cnrm')),
      f('properties.clusterResourceNamespace', 'Cluster Resource Namespace', 'text', k8s('cnrm')),
    ],
  },
];

const p = (key: string, label: string, kind: ConnectionFieldKind = 'text', extra: Partial<ConnectionField> = {}) =>
  f(`properties.${key}`, label, kind, extra);

const notification: readonly ConnectionTypeDefinition[] = [
  { type: 'discord', label: 'Discord', fields: [p('webhookId', 'Webhook ID'), pass({ label: 'Token' })] },
  {
    type: 'email',
    label: 'Email',
    fields: [
      p('host', 'Host'),
      p('port', 'Port', 'number', { default: 587 }),
      user(),
      pass(),
      p('fromAddress', 'From Address'),
      p('fromName', 'From Name'),
      p('encryptionMethod', 'Encryption Method', 'select', { options: EMAIL_ENCRYPTION_METHODS, default: 'Auto' }),
      p('smtpAuthMethod', 'SMTP Auth Method', 'select', { options: SMTP_AUTH_METHODS, default: 'Unknown' }),
      insecure,
    ],
  },
  {
    type: 'google_chat',
    label: 'Google Chat',
    fields: [p('key', 'Key', 'secret'), pass({ label: 'Token' }), p('webhookName', 'Webhook Name')],
  },
  { type: 'ifttt', label: 'IFTTT', fields: [p('webhookId', 'Webhook ID', 'secret')] },
  {
    type: 'mattermost',
    label: 'Mattermost',
    fields: [f('username', 'Username', 'text'), p('host', 'Host'), pass({ label: 'Token' }), p('channel', 'Channel')],
  },
  {
    type: 'matrix',
    label: 'Matrix',
    fields: [f('username', 'User', 'text'), pass({ label: 'Password or Token' }), p('host', 'Host'), insecure],
  },
  {
    type: 'ntfy',
    label: 'Ntfy',
    fields: [user(), pass(), p('host', 'Host', 'text', { default: 'ntfy.sh' }), p('topic', 'Topic'), insecure],
  },
  {
    type: 'opsgenie',
    label: 'OpsGenie',
    fields: [
      p('host', 'Host', 'text', { default: 'api.opsgenie.com' }),
      p('port', 'Port', 'number', { default: 443 }),
      pass({ label: 'API Key' }),
    ],
  },
  { type: 'pushbullet', label: 'Pushbullet', fields: [pass({ label: 'Token' }), p('targets', 'Targets')] },
  { type: 'pushover', label: 'Pushover', fields: [f('username', 'User', 'text'), pass({ label: 'Token' })] },
  {
    type: 'rocketchat',
    label: 'Rocket.Chat',
    fields: [
      f('username', 'User', 'text'),
      p('host', 'Host'),
      p('port', 'Port', 'number'),
      p('tokenA', 'Token A', 'secret'),
      p('tokenB', 'Token B', 'secret'),
      p('channel', 'Channel'),
    ],
  },
  {
    type: 'slack',
    label: 'Slack',
    fields: [p('channel', 'Channel'), pass({ label: 'Bot Token' }), p('botName', 'Bot Name')],
  },
  {
    type: 'teams',
    label: 'Microsoft Teams',
    fields: [
      p('group', 'Group'),
      p('tenant', 'Tenant'),
      p('altId', 'Alt ID', 'secret'),
      p('groupOwner', 'Group Owner'),
      p('host', 'Host', 'text', { default: 'outlook.office.com' }),
    ],
  },
  { type: 'telegram', label: 'Telegram', fields: [pass({ label: 'Token' }), p('chats', 'Chats')] },
  {
    type: 'zulip_chat',
    label: 'Zulip Chat',
    fields: [f('username', 'Bot Mail', 'text'), pass({ label: 'Bot Key' }), p('host', 'Host')],
  },
  {
    type: 'generic_webhook',
    label: 'Generic Webhook',
    fields: [
      p('url', 'URL'),
      p('contentType', 'Content Type', 'text', { default: 'application/json' }),
      p('requestMethod', 'Request Method', 'select', { options: ['POST', 'GET'], default: 'POST' }),
      p('messageKey', 'Message Key', 'text', { default: 'message' }),
      p('titleKey', 'Title Key', 'text', { default: 'title' }),
      insecure,
    ],
  },
];

/** Every connection type, plain ones first, then the notification-capable ones. */
export const CONNECTION_TYPES: readonly ConnectionTypeDefinition[] = [
  ...plain,
  ...notification.map((definition) => ({ ...definition, notification: true })),
];

/** Looks a type up by its name. */
export function connectionType(type: string): ConnectionTypeDefinition | undefined {
  return CONNECTION_TYPES.find((definition) => definition.type === type);
}
