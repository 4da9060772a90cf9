/**
 * Reads the access entries of a full-mode document (`spec.full`), as config-db's extraction does: each
 * section under its first present key — `external_users`/`users`, `external_groups`/`groups`,
 * `external_roles`/`roles`, `external_user_groups`/`user_groups`, `config_access`/`access`,
 * `access_logs`/`logs`. An entry names its principals by id or by aliases (the shorthands `user`, `group`
 * and `role` take a string or a list) and its config item by `config_id` (a UUID; another value is an
 * external id), or `external_id` with `config_type`/`type`, or an `external_config_id` object. An entry
 * without a config reference takes the document's own (`uuid`/`config_id`, `external_id`/`id`,
 * `type`/`config_type`). What config-db drops is dropped with its warning: a config access without a
 * config reference or a principal, an access log without a config reference or a user.
 */
import type { ScrapedAccess } from '@mc/contracts';

type Raw = Record<string, unknown>;
type ConfigRef = ScrapedAccess['configAccess'][number]['config'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The document keys of each section, first match wins (config-db's reserved keys). */
export const ACCESS_SECTIONS = {
  users: ['external_users', 'users'],
  groups: ['external_groups', 'groups'],
  roles: ['external_roles', 'roles'],
  userGroups: ['external_user_groups', 'user_groups'],
  configAccess: ['config_access', 'access'],
  accessLogs: ['access_logs', 'logs'],
} as const;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

function first(raw: Raw, keys: readonly string[]): unknown {
  for (const key of keys) if (key in raw) return raw[key];
  return undefined;
}

function firstText(raw: Raw, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = raw[key];
    if (typeof value === 'string') return value;
  }
  return null;
}

function objects(value: unknown): Raw[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is Raw => typeof entry === 'object' && entry !== null && !Array.isArray(entry));
}

/** A string or a list of strings, as the shorthands take them. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === 'string' && entry !== '');
}

/** The listed aliases, else the shorthand's. */
const aliasesOf = (raw: Raw, listed: string, shorthand: string): string[] => {
  const own = strings(raw[listed]);
  return own.length > 0 ? own : strings(raw[shorthand]);
};

const uuidOf = (value: unknown): string | null => (isUuid(value) ? value.toLowerCase() : null);

function identityOf(raw: Raw, typeKey: string): ScrapedAccess['users'][number] {
  const aliases = strings(raw.aliases);
  const id = text(raw.id);
  // an id that is no UUID cannot be a key here: it is kept as one more alias
  if (id && !isUuid(id)) aliases.push(id);
  return {
    id: uuidOf(id),
    aliases,
    name: text(raw.name) ?? '',
    accountId: text(raw.account_id) ?? '',
    type: text(raw[typeKey]) ?? '',
    email: text(raw.email),
    description: text(raw.description),
  };
}

const noRef = (): ConfigRef => ({ configId: null, externalId: null, configType: null, scraperId: null });

/** config-db's ExternalID.IsEmpty: no config id, and not both an external id and a type. */
const refEmpty = (ref: ConfigRef) => !ref.configId && (!ref.externalId || !ref.configType);

/** A reference written flat on the entry (`config_id`/`uuid`, `external_id`, `config_type`/`type`). */
function flatRef(raw: Raw): ConfigRef {
  const ref = noRef();
  const id = firstText(raw, ['config_id', 'uuid']);
  if (id !== null) {
    if (isUuid(id)) ref.configId = id.toLowerCase();
    else ref.externalId = id;
  }
  ref.externalId = firstText(raw, ['external_id']) ?? ref.externalId;
  ref.configType = firstText(raw, ['config_type', 'type']);
  return ref;
}

/** The entry's reference: `external_config_id` when it names one, else the flat fields. */
function refOf(raw: Raw): ConfigRef {
  const nested = raw.external_config_id;
  const scraperId = text(raw.scraper_id);
  if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
    const fields = nested as Raw;
    const ref: ConfigRef = {
      configId: uuidOf(fields.config_id),
      externalId: text(fields.external_id),
      configType: text(fields.config_type),
      scraperId: text(fields.scraper_id) ?? scraperId,
    };
    if (!refEmpty(ref)) return ref;
  }
  return { ...flatRef(raw), scraperId };
}

/** The document's own reference, inherited by entries that name none (config-db's applyConfigRefDefaults). */
function documentRef(document: Raw): ConfigRef | null {
  const configId = firstText(document, ['uuid', 'config_id']);
  const ref: ConfigRef = {
    configId: isUuid(configId) ? configId.toLowerCase() : null,
    externalId: firstText(document, ['external_id', 'id']),
    configType: firstText(document, ['type', 'config_type']),
    scraperId: null,
  };
  return ref.configId || ref.externalId || ref.configType ? ref : null;
}

const hasTarget = (ref: ConfigRef) => ref.configId !== null || (ref.externalId ?? '') !== '';

function withDefault(ref: ConfigRef, fallback: ConfigRef | null): ConfigRef {
  if (!fallback || !refEmpty(ref)) return ref;
  return fallback.configId ? { ...noRef(), configId: fallback.configId } : { ...fallback, scraperId: ref.scraperId };
}

function configAccessOf(raw: Raw, fallback: ConfigRef | null): ScrapedAccess['configAccess'][number] {
  return {
    id: text(raw.id),
    source: text(raw.source),
    config: withDefault(refOf(raw), fallback),
    userId: uuidOf(raw.external_user_id),
    userAliases: aliasesOf(raw, 'external_user_aliases', 'user'),
    groupId: uuidOf(raw.external_group_id),
    groupAliases: aliasesOf(raw, 'external_group_aliases', 'group'),
    roleId: uuidOf(raw.external_role_id),
    roleAliases: aliasesOf(raw, 'external_role_aliases', 'role'),
  };
}

function accessLogOf(raw: Raw, fallback: ConfigRef | null): ScrapedAccess['accessLogs'][number] {
  const count = raw.count;
  const properties = raw.properties;
  const created = text(raw.created_at);
  const time = created ? new Date(created) : null;
  return {
    config: withDefault(refOf(raw), fallback),
    userId: uuidOf(raw.external_user_id),
    userAliases: aliasesOf(raw, 'external_user_aliases', 'user'),
    mfa: typeof raw.mfa === 'boolean' ? raw.mfa : null,
    properties:
      typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? (properties as Raw) : null,
    count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null,
    createdAt: time && !Number.isNaN(time.getTime()) ? time.toISOString() : null,
  };
}

/** True when the document has an access section with entries. */
export function hasAccessSections(document: Raw): boolean {
  return Object.values(ACCESS_SECTIONS).some((keys) => objects(first(document, keys)).length > 0);
}

/**
 * The access entries of a full-mode document, or null when it lists none. `where` prefixes each warning
 * (the item's type/key); dropped entries are warnings, as config-db reports them.
 */
export function accessOf(document: Raw, where: string, warnings: string[]): ScrapedAccess | null {
  if (!hasAccessSections(document)) return null;
  const fallback = documentRef(document);
  const section = (name: keyof typeof ACCESS_SECTIONS) => objects(first(document, ACCESS_SECTIONS[name]));
  const access: ScrapedAccess = {
    users: section('users').map((raw) => identityOf(raw, 'user_type')),
    groups: section('groups').map((raw) => identityOf(raw, 'group_type')),
    roles: section('roles').map((raw) => identityOf(raw, 'role_type')),
    userGroups: section('userGroups').map((raw) => ({
      userId: uuidOf(raw.external_user_id),
      userAliases: aliasesOf(raw, 'external_user_aliases', 'user'),
      groupId: uuidOf(raw.external_group_id),
      groupAliases: aliasesOf(raw, 'external_group_aliases', 'group'),
    })),
    configAccess: [],
    accessLogs: [],
  };
  for (const raw of section('configAccess')) {
    const entry = configAccessOf(raw, fallback);
    const principal =
      entry.userId ||
      entry.groupId ||
      entry.roleId ||
      [entry.userAliases, entry.groupAliases, entry.roleAliases].some((a) => a.length > 0);
    if (!hasTarget(entry.config)) warnings.push(`${where}: config_access missing config reference`);
    else if (!principal) warnings.push(`${where}: config_access missing user/group reference`);
    else access.configAccess.push(entry);
  }
  for (const raw of section('accessLogs')) {
    const entry = accessLogOf(raw, fallback);
    if (!hasTarget(entry.config)) warnings.push(`${where}: access_log missing config reference`);
    else if (!entry.userId && entry.userAliases.length === 0)
      warnings.push(`${where}: access_log missing user reference`);
    else access.accessLogs.push(entry);
  }
  return access;
}
