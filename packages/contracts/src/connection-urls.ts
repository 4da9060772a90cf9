/**
 * Builds the provider URL (Shoutrrr form, as upstream's notification engine reads it) of a
 * notification-capable connection from its form fields. The console calls it on submit to show the
 * URL; the server calls the same function on every write and again after resolving secrets.
 */

/** The values a builder reads: connection columns plus `properties`. */
export interface ConnectionUrlInput {
  url?: string | null;
  username?: string | null;
  password?: string | null;
  insecure_tls?: boolean | null;
  properties?: Record<string, unknown> | null;
}

const enc = encodeURIComponent;
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const query = (params: Record<string, string>): string => {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${enc(key)}=${enc(value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
};
const userinfo = (user: string, password: string): string => {
  if (!user && !password) return '';
  return password ? `${enc(user)}:${enc(password)}@` : `${enc(user)}@`;
};

type Builder = (input: {
  user: string;
  password: string;
  insecure: boolean;
  prop: (key: string, fallback?: string) => string;
}) => string;

const builders: Record<string, Builder> = {
  discord: ({ password, prop }) => `discord://${enc(password)}@${enc(prop('webhookId'))}`,
  email: ({ user, password, insecure, prop }) =>
    `smtp://${userinfo(user, password)}${prop('host')}:${prop('port', '587')}/${query({
      FromAddress: prop('fromAddress'),
      FromName: prop('fromName'),
      Encryption: prop('encryptionMethod', 'Auto'),
      Auth: prop('smtpAuthMethod', 'Unknown'),
      ...(insecure ? { SkipTLSVerify: 'yes' } : {}),
    })}`,
  google_chat: ({ password, prop }) =>
    `googlechat://chat.googleapis.com/v1/spaces/${enc(prop('webhookName'))}/messages${query({
      key: prop('key'),
      token: password,
    })}`,
  ifttt: ({ prop }) => `ifttt://${enc(prop('webhookId'))}/`,
  mattermost: ({ user, password, prop }) =>
    `mattermost://${user ? `${enc(user)}@` : ''}${prop('host')}/${enc(password)}${prop('channel') ? `/${enc(prop('channel'))}` : ''}`,
  matrix: ({ user, password, insecure, prop }) =>
    `matrix://${userinfo(user, password)}${prop('host')}/${query(insecure ? { disableTLS: 'yes' } : {})}`,
  ntfy: ({ user, password, insecure, prop }) =>
    `ntfy://${userinfo(user, password)}${prop('host', 'ntfy.sh')}/${enc(prop('topic'))}${query(insecure ? { scheme: 'http' } : {})}`,
  opsgenie: ({ password, prop }) =>
    `opsgenie://${prop('host', 'api.opsgenie.com')}:${prop('port', '443')}/${enc(password)}`,
  pushbullet: ({ password, prop }) =>
    `pushbullet://${enc(password)}${prop('targets')
      .split(',')
      .map((target) => target.trim())
      .filter(Boolean)
      .map((target) => `/${enc(target)}`)
      .join('')}`,
  pushover: ({ user, password }) => `pushover://shoutrrr:${enc(password)}@${enc(user)}/`,
  rocketchat: ({ user, prop }) =>
    `rocketchat://${user ? `${enc(user)}@` : ''}${prop('host')}${prop('port') ? `:${prop('port')}` : ''}/${enc(prop('tokenA'))}/${enc(prop('tokenB'))}${prop('channel') ? `/${enc(prop('channel'))}` : ''}`,
  slack: ({ password, prop }) =>
    `slack://xoxb:${enc(password.replace(/^xoxb-/, ''))}@${enc(prop('channel'))}${query({ botname: prop('botName') })}`,
  teams: ({ prop }) =>
    `teams://${enc(prop('group'))}@${enc(prop('tenant'))}/${enc(prop('altId'))}/${enc(prop('groupOwner'))}${query({
      host: prop('host', 'outlook.office.com'),
    })}`,
  telegram: ({ password, prop }) => `telegram://${enc(password)}@telegram${query({ chats: prop('chats') })}`,
  zulip_chat: ({ user, password, prop }) => `zulip://${userinfo(user, password)}${prop('host')}/`,
  generic_webhook: ({ insecure, prop }) => {
    const target = prop('url');
    const separator = target.includes('?') ? '&' : '?';
    const params = query({
      ContentType: prop('contentType', 'application/json'),
      MessageKey: prop('messageKey', 'message'),
      TitleKey: prop('titleKey', 'title'),
      RequestMethod: prop('requestMethod', 'POST'),
      ...(insecure ? { DisableTLS: 'yes' } : {}),
    });
    return `generic+${target}${params ? `${separator}${params.slice(1)}` : ''}`;
  },
};

/** Types whose URL is built from their fields (the notification-capable ones of spec 001 §3). */
export const NOTIFICATION_URL_TYPES: readonly string[] = Object.keys(builders);

/** The provider URL of a notification connection, or undefined for other types. */
export function buildNotificationUrl(type: string, input: ConnectionUrlInput): string | undefined {
  const builder = builders[type];
  if (!builder) return undefined;
  const properties = input.properties ?? {};
  return builder({
    user: text(input.username),
    password: text(input.password),
    insecure: input.insecure_tls === true,
    prop: (key, fallback = '') => text(properties[key]) || fallback,
  });
}
