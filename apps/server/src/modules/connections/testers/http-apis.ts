/**
 * Testers of the types whose service is an HTTP API that can tell whether the credentials are good
 * without changing anything: a read-only "who am I" (or token) request per type. Every request goes
 * through the egress guard (redirects included). Messages name the host only: tokens may sit in paths.
 */
import type { ResolvedConnection } from '../connections.service.js';
import { guardedCall, parseHttpUrl } from './http.js';
import { type ConnectionTester, describeError } from './tester.js';

interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  form?: Record<string, string>;
}

interface ApiProbe {
  label: string;
  request(connection: ResolvedConnection): ApiRequest;
  /** Reads a 2xx body: an error text when the API says no despite the status (Slack), else null. */
  refusal?(body: Record<string, unknown>): string | null;
}

const prop = (connection: ResolvedConnection, key: string): string => String(connection.properties[key] ?? '');
const bearer = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const base = (connection: ResolvedConnection, fallback: string): string =>
  (connection.url || fallback).replace(/\/+$/, '');
const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

const PROBES: Record<string, ApiProbe> = {
  elasticsearch: {
    label: 'Elasticsearch',
    request: (c) => ({
      url: base(c, ''),
      headers: c.username || c.password ? basic(c.username ?? '', c.password ?? '') : {},
    }),
  },
  ollama: { label: 'Ollama', request: (c) => ({ url: `${base(c, '')}/api/tags`, headers: bearer(c.password) }) },
  openai: {
    label: 'OpenAI',
    request: (c) => ({ url: `${base(c, 'https://api.openai.com/v1')}/models`, headers: bearer(c.password) }),
  },
  anthropic: {
    label: 'Anthropic',
    request: (c) => ({
      url: `${base(c, 'https://api.anthropic.com')}/v1/models`,
      headers: { 'x-api-key': c.password ?? '', 'anthropic-version': '2023-06-01' },
    }),
  },
  github: {
    label: 'GitHub',
    request: (c) => ({
      url: 'https://api.github.com/user',
      headers: { ...bearer(c.password), 'user-agent': 'mission-control', accept: 'application/vnd.github+json' },
    }),
  },
  gitlab: {
    label: 'GitLab',
    request: (c) => ({ url: 'https://gitlab.com/api/v4/user', headers: { 'private-token': c.password ?? '' } }),
  },
  azure_devops: {
    label: 'Azure DevOps',
    request: (c) => ({
      url: `https://dev.azure.com/${encodeURIComponent(c.username ?? '')}/_apis/projects?api-version=7.0`,
      headers: basic('', c.password ?? ''),
    }),
  },
  azure: {
    label: 'Azure',
    request: (c) => ({
      url: `https://login.microsoftonline.com/${encodeURIComponent(prop(c, 'tenant'))}/oauth2/v2.0/token`,
      method: 'POST',
      form: {
        grant_type: 'client_credentials',
        client_id: c.username ?? '',
        client_secret: c.password ?? '',
        scope: 'https://management.azure.com/.default',
      },
    }),
  },
  dynatrace: {
    label: 'Dynatrace',
    request: (c) => ({
      url: `${prop(c, 'scheme') || 'https'}://${(c.url ?? '').replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '')}/api/v2/metrics?pageSize=1`,
      headers: { authorization: `Api-Token ${c.password ?? ''}` },
    }),
  },
  slack: {
    label: 'Slack',
    request: (c) => ({ url: 'https://slack.com/api/auth.test', method: 'POST', headers: bearer(c.password) }),
    refusal: (body) => (body.ok === false ? `Slack refused the token: ${String(body.error ?? 'unknown error')}` : null),
  },
  telegram: {
    label: 'Telegram',
    request: (c) => ({ url: `https://api.telegram.org/bot${encodeURIComponent(c.password ?? '')}/getMe` }),
    refusal: (body) => (body.ok === false ? `Telegram refused the token: ${String(body.description ?? '')}` : null),
  },
  discord: {
    label: 'Discord',
    request: (c) => ({
      url: `https://discord.com/api/webhooks/${encodeURIComponent(prop(c, 'webhookId'))}/${encodeURIComponent(c.password ?? '')}`,
    }),
  },
  pushbullet: {
    label: 'Pushbullet',
    request: (c) => ({ url: 'https://api.pushbullet.com/v2/users/me', headers: { 'access-token': c.password ?? '' } }),
  },
  pushover: {
    label: 'Pushover',
    request: (c) => ({
      url: 'https://api.pushover.net/1/users/validate.json',
      method: 'POST',
      form: { token: c.password ?? '', user: c.username ?? '' },
    }),
  },
};

function parseBody(body: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    // Only an object body carries fields the probes read.
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A tester for one HTTP API type of {@link PROBES}. */
function apiTester(probe: ApiProbe): ConnectionTester {
  return async (connection, options) => {
    const request = probe.request(connection);
    const url = parseHttpUrl(request.url, probe.label);
    const headers = { ...request.headers };
    let body: string | undefined;
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    let answer: Awaited<ReturnType<typeof guardedCall>>;
    try {
      answer = await guardedCall(url, options, {
        method: request.method ?? 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
        insecure: connection.insecure_tls,
      });
    } catch (error) {
      throw new Error(`${probe.label}: ${describeError(error)}`);
    }
    const parsed = parseBody(answer.body);
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      const why = String(parsed.error_description ?? parsed.message ?? parsed.error ?? '').split('\n')[0];
      throw new Error(
        `${probe.label}: ${url.host} answered ${answer.status}; the credentials were refused${why ? ` (${why})` : ''}`,
      );
    }
    if (answer.status >= 300) throw new Error(`${probe.label}: ${url.host} answered ${answer.status}`);
    const refused = probe.refusal?.(parsed);
    if (refused) throw new Error(`${probe.label}: ${refused}`);
    return `${url.host} answered ${answer.status} and accepted the credentials`;
  };
}

/** Testers of the HTTP API types, by type. */
export const HTTP_API_TESTERS: Readonly<Record<string, ConnectionTester>> = Object.fromEntries(
  Object.entries(PROBES).map(([type, probe]) => [type, apiTester(probe)]),
);
