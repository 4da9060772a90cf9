/**
 * What an event is about, loaded fresh when the event is delivered: the resource row (check and its
 * canary, incident, catalog item, component, playbook run) as the variables of rule filters, silence
 * filters and templates — upstream's names (`check`, `canary`, `incident`, `config`, `component`,
 * `playbook`, `run`) — plus whether the resource is still in the state its event announced (wait-for).
 */
import { NOTIFICATION_EVENTS, type NotificationEvent, type NotificationResourceKind } from '@mc/contracts';
import {
  findCheck,
  findCheckWithContext,
  findComponent,
  findConfigAnalysis,
  findConfigItem,
  findIncident,
  findPlaybookRun,
  findPlaybookSummary,
  findSlo,
} from './event-resources.repo.js';
import type { Sql } from './sql.js';

/** A queued event as the consumer claimed it. */
export interface QueuedEvent {
  id: string;
  name: string;
  properties: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

/** The loaded resource of an event. */
export interface EventResource {
  kind: NotificationResourceKind;
  id: string;
  name: string;
  /** healthy / unhealthy / … where the resource has one. */
  health: string | null;
  status: string | null;
  description: string | null;
  /** Variables for CEL filters and templates. */
  env: Record<string, unknown>;
  /**
   * The object silences and maintenance windows match in this resource's place: an SLO's check or
   * component, so that whatever holds that object's events holds its burn-rate alerts too.
   */
  heldAs?: HeldObject;
}

/** A check or component that stands for another resource when silences and windows are matched. */
export interface HeldObject {
  kind: 'check' | 'component';
  id: string;
}

/** The kind and id silences and maintenance windows match for `resource` (its {@link EventResource.heldAs}, else itself). */
export function heldObject(resource: EventResource): { kind: NotificationResourceKind; id: string } {
  return resource.heldAs ?? { kind: resource.kind, id: resource.id };
}

/** The resource kind of an event name, or undefined for names no rule may listen to. */
export function kindOfEvent(name: string): NotificationResourceKind | undefined {
  return (NOTIFICATION_EVENTS as Record<string, NotificationResourceKind>)[name];
}

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/**
 * An SLO whose burn-rate alert fired: the SLO (`slo`), its check or component, and the alert's figures
 * from the event (`burn`: alert, severity, factor, windows and rates).
 */
async function loadSloResource(db: Sql, id: string, event: QueuedEvent): Promise<EventResource | undefined> {
  const slo = await findSlo(db, id);
  if (!slo) return undefined;
  const check = slo.check_id ? await findCheck(db, String(slo.check_id)) : undefined;
  const component = slo.component_id ? await findComponent(db, String(slo.component_id)) : undefined;
  const burn = event.properties;
  const heldAs: HeldObject | undefined = check
    ? { kind: 'check', id: String(check.id) }
    : component
      ? { kind: 'component', id: String(component.id) }
      : undefined;
  return {
    kind: 'slo',
    id,
    name: String(slo.name),
    health: null,
    status: str(burn.severity),
    description: `Burning ${str(burn.long_rate)}x over ${str(burn.long_window)} and ${str(burn.short_rate)}x over ${str(burn.short_window)}`,
    env: {
      event: { name: event.name, properties: event.properties, created_at: event.created_at },
      slo,
      burn,
      ...(check ? { check } : {}),
      ...(component ? { component } : {}),
      resource: slo,
    },
    ...(heldAs ? { heldAs } : {}),
  };
}

/** Loads the resource of `event`; undefined when it no longer exists (the event is then dropped). */
export async function loadEventResource(db: Sql, event: QueuedEvent): Promise<EventResource | undefined> {
  const kind = kindOfEvent(event.name);
  const id = str(event.properties.id);
  if (!kind || !id || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const base = { event: { name: event.name, properties: event.properties, created_at: event.created_at } };
  switch (kind) {
    case 'check': {
      const found = await findCheckWithContext(db, id);
      if (!found) return undefined;
      const { check, canary, status } = found;
      return {
        kind,
        id,
        name: String(check.name),
        health: str(check.status),
        status: str(check.status),
        description: str(status?.error) ?? str(status?.message),
        env: { ...base, check, canary: canary ?? {}, status: status ?? {}, resource: check },
      };
    }
    case 'incident': {
      const incident = await findIncident(db, id);
      if (!incident) return undefined;
      return {
        kind,
        id,
        name: String(incident.title),
        health: null,
        status: str(incident.status),
        description: str(incident.description),
        env: { ...base, incident, resource: incident },
      };
    }
    case 'config': {
      const config = await findConfigItem(db, id);
      if (!config) return undefined;
      const analysisId = str(event.properties.analysis_id);
      const insight = analysisId ? await findConfigAnalysis(db, analysisId) : undefined;
      return {
        kind,
        id,
        name: String(config.name ?? config.id),
        health: str(config.health),
        status: str(config.status),
        description: str(insight?.summary) ?? str(config.description),
        env: { ...base, config, ...(insight ? { insight } : {}), resource: config },
      };
    }
    case 'component': {
      const component = await findComponent(db, id);
      if (!component) return undefined;
      return {
        kind,
        id,
        name: String(component.name),
        health: str(component.health) ?? str(component.status),
        status: str(component.status),
        description: str(component.status_reason),
        env: { ...base, component, resource: component },
      };
    }
    case 'playbook_run': {
      const run = await findPlaybookRun(db, id);
      if (!run) return undefined;
      const playbook = await findPlaybookSummary(db, String(run.playbook_id));
      return {
        kind,
        id,
        name: String(playbook?.title ?? playbook?.name ?? run.id),
        health: null,
        status: str(run.status),
        description: str(run.error),
        env: { ...base, run, playbook: playbook ?? {}, resource: run },
      };
    }
    case 'slo':
      return loadSloResource(db, id, event);
  }
}

/**
 * True while the resource still shows what its event announced (a failed check still unhealthy, a
 * component still unhealthy): a wait-for sends only then. Events without a lasting state always hold.
 */
export function stillHolds(event: NotificationEvent | string, resource: EventResource): boolean {
  if (event === 'check.failed') return resource.status === 'unhealthy';
  if (event === 'check.passed') return resource.status === 'healthy';
  const [area, state] = event.split('.');
  if (area === 'config' && state && state !== 'created') return resource.health === state;
  if (area === 'component') return resource.status === state;
  if (event.startsWith('incident.status.')) return resource.status === event.slice('incident.status.'.length);
  return true;
}

/** True for events that announce a failure (the ones whose parent can inhibit a child's). */
export function isFailureEvent(event: string): boolean {
  return ['check.failed', 'config.unhealthy', 'component.unhealthy', 'playbook.run.failed'].includes(event);
}
