/**
 * Titles and bodies of messages. A template is text with `{{ .path.to.value }}` placeholders over the
 * event's variables (upstream's Go-template spelling; the leading dot is optional); a missing value
 * renders empty. Each resource kind has a default title and body, used when a rule leaves them out.
 */
import type { NotificationResourceKind } from '@mc/contracts';

const PLACEHOLDER = /\{\{\s*\.?([a-zA-Z_][\w]*(?:\.[\w-]+)*)\s*\}\}/g;

function lookup(env: Record<string, unknown>, path: string): unknown {
  let value: unknown = env;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part]; // walking a JSON-like object by key
  }
  return value;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Renders `template` over `env`. */
export function renderTemplate(template: string, env: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, path: string) => show(lookup(env, path)));
}

/** Default title and body per resource kind (what the event says, about which resource). */
export const DEFAULT_TEMPLATES: Record<NotificationResourceKind, { title: string; body: string }> = {
  check: {
    title: 'Check {{ .check.name }} is {{ .check.status }}',
    body: 'Canary: {{ .canary.namespace }}/{{ .canary.name }}\nCheck: {{ .check.name }} ({{ .check.type }})\nStatus: {{ .check.status }}\nMessage: {{ .status.message }}{{ .status.error }}\nEvent: {{ .event.name }}',
  },
  incident: {
    title: 'Incident {{ .incident.incident_id }} {{ .incident.title }}: {{ .event.name }}',
    body: 'Incident {{ .incident.incident_id }}: {{ .incident.title }}\nSeverity: {{ .incident.severity }}\nStatus: {{ .incident.status }}\nEvent: {{ .event.name }}',
  },
  config: {
    title: '{{ .config.type }} {{ .config.name }} is {{ .config.health }}',
    body: 'Catalog item: {{ .config.name }} ({{ .config.type }})\nHealth: {{ .config.health }}\nStatus: {{ .config.status }}\nInsight: {{ .insight.summary }}\nEvent: {{ .event.name }}',
  },
  component: {
    title: 'Component {{ .component.name }} is {{ .component.status }}',
    body: 'Component: {{ .component.name }} ({{ .component.type }})\nStatus: {{ .component.status }}\nReason: {{ .component.status_reason }}\nEvent: {{ .event.name }}',
  },
  playbook_run: {
    title: 'Playbook {{ .playbook.name }}: run {{ .run.status }}',
    body: 'Playbook: {{ .playbook.name }}\nRun: {{ .run.id }}\nStatus: {{ .run.status }}\nError: {{ .run.error }}\nEvent: {{ .event.name }}',
  },
  slo: {
    title: 'SLO {{ .slo.name }} is burning its error budget ({{ .burn.severity }})',
    body: 'SLO: {{ .slo.name }} on {{ .slo.target_name }}\nTarget: {{ .slo.target }}% over {{ .slo.window_days }} days\nBurn rate: {{ .burn.long_rate }}x over {{ .burn.long_window }}, {{ .burn.short_rate }}x over {{ .burn.short_window }} (alert {{ .burn.alert }} at {{ .burn.factor }}x)\nEvent: {{ .event.name }}',
  },
};
