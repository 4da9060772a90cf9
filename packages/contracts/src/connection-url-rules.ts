/**
 * Which connection types keep a URL (or connection string) in `url`, what shapes it may take, and the
 * password a URL may embed (`postgres://user:pass@host/db`, `user:pass@tcp(host)/db`,
 * `host=… password=…`). The form and the server both validate with {@link urlIssue}, so an unparseable
 * URL is refused before it is saved; the server masks and encrypts embedded passwords with
 * {@link urlPassword} and {@link withUrlPassword}.
 */

/** What the API shows instead of a stored secret (same text as `SECRET_MASK` in connections.ts). */
const MASK = '********';

const SCHEME_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/is;
const GO_DSN = /^([^@/]*)@(tcp|unix)\(/;
// A quoted value is escapes or non-quote, non-backslash characters, so no input backtracks exponentially.
const KEYWORD_PASSWORD = /(\bpassword\s*=\s*)('(?:\\.|[^'\\])*'|[^\s&']+)/i;

interface UrlRule {
  /** Schemes accepted (without ://). */
  schemes: readonly string[];
  /** Also accepted: a libpq keyword string, a Go MySQL DSN, a bare host[:port], scp-like git. */
  keyword?: boolean;
  goDsn?: boolean;
  bareHost?: boolean;
  scpLike?: boolean;
  example: string;
}

const HTTP = { schemes: ['http', 'https'], example: 'https://host:port/path' } as const;

/** URL rules by connection type; types not listed keep a free-form value (a host, a path, a share). */
export const CONNECTION_URL_RULES: Readonly<Record<string, UrlRule>> = {
  postgres: { schemes: ['postgres', 'postgresql'], keyword: true, example: 'postgres://user@host:5432/database' },
  mysql: { schemes: ['mysql', 'mariadb'], goDsn: true, bareHost: true, example: 'mysql://user@host:3306/database' },
  sql_server: { schemes: ['sqlserver', 'mssql'], keyword: true, example: 'sqlserver://user@host:1433?database=db' },
  redis: { schemes: ['redis', 'rediss'], bareHost: true, example: 'redis://host:6379' },
  mongo: { schemes: ['mongodb', 'mongodb+srv'], example: 'mongodb://host:27017/database' },
  ldap: { schemes: ['ldap', 'ldaps'], example: 'ldaps://host:636' },
  git: { schemes: ['https', 'ssh'], scpLike: true, example: 'https://host/owner/repo.git or git@host:owner/repo.git' },
  http: HTTP,
  prometheus: HTTP,
  elasticsearch: HTTP,
  ollama: HTTP,
  openai: HTTP,
  anthropic: HTTP,
};

const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(:\d{1,5})?$/i;
const SCP_LIKE = /^[a-z0-9._-]+@[a-z0-9.-]+:[^\s]+$/i;

function validAuthority(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  const hostPart = at >= 0 ? authority.slice(at + 1) : authority;
  // Multi-host forms (mongodb://a,b/…, postgres://a,b/…) list several hosts.
  return hostPart.split(',').every((host) => HOST_PORT.test(host));
}

/**
 * The problem with a type's URL value, or null when it is acceptable (or the type keeps no URL). The
 * message never repeats the value, which may hold a password.
 */
export function urlIssue(type: string, label: string, value: string): string | null {
  const rule = CONNECTION_URL_RULES[type];
  const text = value.trim();
  if (!rule || text === '') return null;
  const expected = `not a valid ${label} URL; expected ${rule.example}`;
  const url = SCHEME_URL.exec(text);
  if (url) {
    const scheme = (url[1] ?? '').toLowerCase();
    if (!rule.schemes.includes(scheme)) {
      return `${scheme}:// is not accepted for ${label} (use ${rule.schemes.map((s) => `${s}://`).join(' or ')})`;
    }
    return validAuthority(url[2] ?? '') ? null : expected;
  }
  if (rule.keyword && /\bhost\s*=/i.test(text)) return null;
  if (rule.goDsn && GO_DSN.test(text)) return null;
  if (rule.bareHost && HOST_PORT.test(text)) return null;
  if (rule.scpLike && SCP_LIKE.test(text)) return null;
  return expected;
}

/** Where a URL embeds a password: the password text and the URL with `replacement` in its place. */
function locate(url: string): { password: string; replace: (replacement: string) => string } | null {
  return inUserinfo(url) ?? inGoDsn(url) ?? inKeyword(url);
}

/** `scheme://user:password@host…` */
function inUserinfo(url: string) {
  const scheme = SCHEME_URL.exec(url);
  if (!scheme) return null;
  const [, name = '', authority = '', rest = ''] = scheme;
  const at = authority.lastIndexOf('@');
  const userinfo = at < 0 ? '' : authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  if (colon < 0 || colon === userinfo.length - 1) return null;
  const user = userinfo.slice(0, colon);
  const host = authority.slice(at + 1);
  return {
    password: userinfo.slice(colon + 1),
    replace: (replacement: string) => `${name}://${user}:${replacement}@${host}${rest}`,
  };
}

/** Go MySQL DSN `user:password@tcp(host)/db`. */
function inGoDsn(url: string) {
  const go = GO_DSN.exec(url);
  if (!go) return null;
  const userinfo = go[1] ?? '';
  const colon = userinfo.indexOf(':');
  if (colon < 0 || colon === userinfo.length - 1) return null;
  const tail = url.slice(userinfo.length);
  return {
    password: userinfo.slice(colon + 1),
    replace: (replacement: string) => `${userinfo.slice(0, colon)}:${replacement}${tail}`,
  };
}

/** libpq keywords `… password=secret …` or a query parameter `?password=secret`. */
function inKeyword(url: string) {
  const keyword = KEYWORD_PASSWORD.exec(url);
  if (!keyword) return null;
  const [whole = '', prefix = '', value = ''] = keyword;
  if (value === "''") return null;
  return {
    password: value,
    replace: (replacement: string) =>
      `${url.slice(0, keyword.index)}${prefix}${replacement || "''"}${url.slice(keyword.index + whole.length)}`,
  };
}

/** The password a URL embeds (as written, percent-encoding kept), or null when it has none. */
export function urlPassword(url: string): string | null {
  return locate(url)?.password ?? null;
}

/** The URL with its embedded password replaced (used as written); unchanged when it embeds none. */
export function withUrlPassword(url: string, password: string): string {
  return locate(url)?.replace(password) ?? url;
}

/** The URL as the API shows it: an embedded password becomes the mask. */
export function maskUrl(url: string): string {
  return withUrlPassword(url, MASK);
}
