/**
 * What an unredacted secret looks like in a written log line (one NDJSON line), for the check of every
 * line a test run writes (log-secret-check.ts). Written apart from the redactor's own patterns
 * (platform/log-redaction.ts) so a gap in one is caught by the other; each accepts `[redacted]`.
 */
export const LOG_SECRET_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'a secret key with a value',
    pattern:
      /"[\w-]*(?:password|passwd|secret|token|authorization|cookie|api_?key|apikey|private_?key)":"(?!\[redacted\])[^"]+"/i,
  },
  {
    name: 'a secret key with a value, in JSON held in a string',
    pattern:
      /\\"[\w-]*(?:password|passwd|secret|token|authorization|cookie|api_?key|private_?key)\\":\s*\\"(?!\[redacted\])[^"\\]+\\"/i,
  },
  { name: 'a one-time code', pattern: /"(?:code|verification_code|recovery_code)":"\d{4,}"/i },
  { name: 'a bearer credential', pattern: /\bBearer (?!\[redacted\])[A-Za-z0-9._~+/=-]{6,}/ },
  { name: 'a basic credential', pattern: /\bBasic (?!\[redacted\])(?=[A-Za-z0-9+/=]*[A-Z0-9+/=])[A-Za-z0-9+/=]{8,}/ },
  {
    name: 'a credential query parameter',
    pattern: /[?&](?:invite|token|code|access_token|refresh_token|password|api_key)=(?!\[redacted\])[^&#\s"'<>\\]+/i,
  },
  { name: 'a password in a URL', pattern: /:\/\/[^/\s:@"]+:(?!\[redacted\])[^@\s/?#"]+@/ },
  { name: 'a header line', pattern: /\b(?:Cookie|Set-Cookie|Authorization): (?!\[redacted\])[^\s"]/i },
];

/** The names of the patterns `line` matches (none: the line is clean). */
export function secretShapesIn(line: string): string[] {
  return LOG_SECRET_PATTERNS.filter(({ pattern }) => pattern.test(line)).map(({ name }) => name);
}
