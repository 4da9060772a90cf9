import type { Row } from './insert.js';

/**
 * Factories for test data, `buildX(overrides)`: a plausible row with unique names, to insert with
 * `insertRow(db, 'table', buildX({ … }))`. Foreign keys the table requires are parameters.
 */
let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

/** A person with a unique email. */
export function buildPerson(overrides: Row = {}): Row {
  const n = next();
  return {
    name: `Person ${n}`,
    email: `person-${n}-${Date.now().toString(36)}@test.local`,
    type: 'person',
    ...overrides,
  };
}

/** A team; `created_by` is required upstream. */
export function buildTeam(createdBy: string, overrides: Row = {}): Row {
  return { name: `Team ${next()}`, icon: 'group', spec: {}, created_by: createdBy, ...overrides };
}

/** A remote agent (the local one, all zeros, always exists). */
export function buildAgent(overrides: Row = {}): Row {
  return { name: `agent-${next()}`, hostname: 'agent.test.local', properties: {}, ...overrides };
}

/** A connection without secrets (secrets must be written encrypted). */
export function buildConnection(overrides: Row = {}): Row {
  return {
    name: `connection-${next()}`,
    namespace: 'default',
    type: 'http',
    url: 'https://example.test',
    ...overrides,
  };
}

/** A canary on the local agent. */
export function buildCanary(overrides: Row = {}): Row {
  return {
    name: `canary-${next()}`,
    namespace: 'default',
    spec: { schedule: '@every 1m' },
    labels: {},
    source: 'UI',
    ...overrides,
  };
}

/** A healthy HTTP check of a canary. */
export function buildCheck(canaryId: string, overrides: Row = {}): Row {
  const n = next();
  return {
    canary_id: canaryId,
    type: 'http',
    name: `check-${n}`,
    namespace: 'default',
    endpoint: `https://service-${n}.test/health`,
    labels: {},
    status: 'healthy',
    ...overrides,
  };
}

/** One passing result of a check, now. */
export function buildCheckStatus(checkId: string, overrides: Row = {}): Row {
  return { check_id: checkId, time: new Date(), status: true, duration: 120, message: 'OK', ...overrides };
}

/** A Kubernetes config scraper. */
export function buildConfigScraper(overrides: Row = {}): Row {
  return { name: `scraper-${next()}`, namespace: 'default', spec: { kubernetes: [{}] }, source: 'UI', ...overrides };
}

/** A healthy Kubernetes deployment in namespace default. */
export function buildConfigItem(overrides: Row = {}): Row {
  const n = next();
  return {
    config_class: 'Deployment',
    type: 'Kubernetes::Deployment',
    name: `deployment-${n}`,
    status: 'Running',
    health: 'healthy',
    tags: { namespace: 'default', cluster: 'test' },
    config: { kind: 'Deployment', metadata: { name: `deployment-${n}` } },
    ...overrides,
  };
}

/** A diff change of a config item. */
export function buildConfigChange(configId: string, overrides: Row = {}): Row {
  return {
    config_id: configId,
    change_type: 'diff',
    severity: 'info',
    source: 'kubernetes',
    summary: 'replicas changed',
    ...overrides,
  };
}

/** An open reliability finding on a config item. */
export function buildConfigAnalysis(configId: string, overrides: Row = {}): Row {
  return {
    config_id: configId,
    analyzer: 'missing-limits',
    analysis_type: 'reliability',
    severity: 'medium',
    message: 'Container has no memory limit',
    status: 'open',
    ...overrides,
  };
}

/** An empty topology. */
export function buildTopology(overrides: Row = {}): Row {
  return { name: `topology-${next()}`, namespace: 'default', labels: {}, source: 'UI', spec: {}, ...overrides };
}

/** A healthy service component. */
export function buildComponent(overrides: Row = {}): Row {
  const n = next();
  return { name: `component-${n}`, external_id: `component-${n}`, type: 'Service', status: 'healthy', ...overrides };
}

/** An open, high-severity availability incident. */
export function buildIncident(createdBy: string, overrides: Row = {}): Row {
  return {
    title: `Incident ${next()}`,
    description: 'Something is wrong',
    type: 'availability',
    severity: 'high',
    status: 'open',
    created_by: createdBy,
    ...overrides,
  };
}

/** A root hypothesis, status possible (the spec's defaults). */
export function buildHypothesis(incidentId: string, createdBy: string, overrides: Row = {}): Row {
  return {
    incident_id: incidentId,
    title: `Hypothesis ${next()}`,
    type: 'root',
    status: 'possible',
    created_by: createdBy,
    ...overrides,
  };
}

/** A log evidence of a hypothesis. */
export function buildEvidence(hypothesisId: string, createdBy: string, overrides: Row = {}): Row {
  return { hypothesis_id: hypothesisId, description: 'Evidence', type: 'log', created_by: createdBy, ...overrides };
}

/** A comment on an incident. */
export function buildComment(incidentId: string, createdBy: string, overrides: Row = {}): Row {
  return { incident_id: incidentId, comment: `Comment ${next()}`, created_by: createdBy, ...overrides };
}

/** The creator as person responder of an incident. */
export function buildResponder(incidentId: string, createdBy: string, overrides: Row = {}): Row {
  return { incident_id: incidentId, type: 'person', person_id: createdBy, created_by: createdBy, ...overrides };
}

/** A playbook with one exec action. */
export function buildPlaybook(overrides: Row = {}): Row {
  const n = next();
  return {
    name: `playbook-${n}`,
    title: `Playbook ${n}`,
    category: 'Test',
    spec: { actions: [{ name: 'exec' }] },
    ...overrides,
  };
}

/** A scheduled run of a playbook. */
export function buildPlaybookRun(playbookId: string, overrides: Row = {}): Row {
  return { playbook_id: playbookId, status: 'scheduled', parameters: {}, ...overrides };
}

/** A rule on check.failed without a recipient (set person_id, team_id, playbook_id or custom_services). */
export function buildNotification(overrides: Row = {}): Row {
  return { name: `notification-${next()}`, events: ['check.failed'], title: 'Check failed', ...overrides };
}

/** A silence from now on, indefinitely (until null). */
export function buildSilence(overrides: Row = {}): Row {
  return { name: `silence-${next()}`, description: 'Maintenance', from: new Date(), until: null, ...overrides };
}

/** A successful SyncCanaryJob run. */
export function buildJobHistory(overrides: Row = {}): Row {
  return {
    name: 'SyncCanaryJob',
    status: 'SUCCESS',
    success_count: 1,
    error_count: 0,
    duration_millis: 25,
    ...overrides,
  };
}

/** A pending check.failed event with unique properties. */
export function buildEvent(overrides: Row = {}): Row {
  return { name: 'check.failed', properties: { id: `${next()}-${Date.now()}` }, ...overrides };
}
