import { readFileSync } from 'node:fs';

/**
 * The variables that carry secrets. Each can instead name a file with `<NAME>_FILE` (how Docker and
 * Kubernetes mount secrets), so the value never sits in the process table or an image's environment.
 * OTEL_EXPORTER_OTLP_HEADERS is here because collectors' API keys travel in it.
 */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'MC_SECRET_KEY',
  'MC_SECRET_KEY_PREVIOUS',
  'MC_ADMIN_PASSWORD',
  'MC_AGENT_TOKEN',
  'MC_OIDC_PROVIDERS',
  'SMTP_PASSWORD',
  'OTEL_EXPORTER_OTLP_HEADERS',
] as const;

/**
 * Replaces every `<NAME>_FILE` of {@link SECRET_VARIABLES} in `env` by `<NAME>` holding the file's
 * text (trailing line breaks trimmed), and returns one problem line per refused variable: both forms
 * set, a file that cannot be read, or an empty file. A problem names the variable and the path, never
 * the content. `env` is changed in place (the process environment at start-up) so code that reads
 * `process.env` directly, worker threads and child processes see the value; the `_FILE` entry is
 * removed so a second load does not find both forms.
 */
export function resolveSecretFiles(env: NodeJS.ProcessEnv, read: (path: string) => string = readText): string[] {
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`;
    const path = env[fileVariable];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`  ${fileVariable}=${JSON.stringify(path)}: ${name} is set too; set only one of them`);
      continue;
    }
    let text: string;
    try {
      text = read(path).replace(/[\r\n]+$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push(`  ${fileVariable}=${JSON.stringify(path)}: cannot read the file${code ? ` (${code})` : ''}`);
      continue;
    }
    if (text === '') {
      problems.push(`  ${fileVariable}=${JSON.stringify(path)}: the file is empty`);
      continue;
    }
    env[name] = text;
    delete env[fileVariable];
  }
  return problems;
}

function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

/** How a variable's value appears in a start-up error: secrets are never shown, a URL's password is masked. */
export function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return '""';
  if (name === 'DATABASE_URL') {
    return JSON.stringify(value.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, '$1***@'));
  }
  if ((SECRET_VARIABLES as readonly string[]).includes(name)) return '(hidden)';
  return JSON.stringify(value);
}
