import { describe, expect, it } from 'vitest';
import { parsePlaybookText, validatePlaybook } from './playbook-document.js';

const doc = (spec: Record<string, unknown>, name = 'restart-pod') => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Playbook',
  metadata: { name },
  spec,
});
const http = { name: 'ping', http: { url: 'http://127.0.0.1/' } };

const problems = (raw: unknown) => {
  const result = validatePlaybook(raw);
  return result.ok ? [] : result.errors;
};

describe('Playbook documents', () => {
  it('accepts upstream’s format with selectors, parameters, approval and actions', () => {
    const text = `
apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: scale-deployment
spec:
  title: Scale deployment
  category: Kubernetes
  icon: k8s
  configs:
    - types: [Kubernetes::Deployment]
      labelSelector: app=web
  parameters:
    - name: replicas
      label: Replicas
      required: true
      properties: { min: 0, max: 10 }
    - name: memory
      type: bytes
  approval:
    type: all
    approvers:
      people: [admin@local]
      teams: [sre]
  actions:
    - name: scale
      timeout: 5m
      retry: { limit: 2, duration: 10s }
      exec:
        script: echo {{ .params.replicas }}
`;
    const playbook = parsePlaybookText(text);
    expect(playbook.spec.title).toBe('Scale deployment');
    expect(playbook.spec.parameters?.[0]?.type).toBe('text');
    expect(playbook.spec.approval?.type).toBe('all');
  });

  it.each([
    [
      'the wrong apiVersion',
      { ...doc({ actions: [http] }), apiVersion: 'v1' },
      'apiVersion: must be mission-control.flanksource.com/v1',
    ],
    ['the wrong kind', { ...doc({ actions: [http] }), kind: 'Canary' }, 'kind: must be Playbook'],
    ['a bad name', doc({ actions: [http] }, 'Not A Name'), 'metadata.name: must be lower-case'],
    ['no actions', doc({ actions: [] }), 'spec.actions: at least one action is required'],
    [
      'an action without a type',
      doc({ actions: [{ name: 'x' }] }),
      'spec.actions.0: needs exactly one type: ai, notification',
    ],
    [
      'an action with two types',
      doc({ actions: [{ name: 'x', http: {}, exec: {} }] }),
      'names more than one type (exec, http)',
    ],
    ['a duplicate action name', doc({ actions: [http, http] }), "spec.actions.1.name: 'ping' is used twice"],
    [
      'an unknown parameter type',
      doc({ parameters: [{ name: 'a', type: 'colour' }], actions: [http] }),
      'spec.parameters.0.type',
    ],
    [
      'a bad parameter regex',
      doc({ parameters: [{ name: 'a', properties: { regex: '(' } }], actions: [http] }),
      'is not a valid regular expression',
    ],
    [
      'an approval naming nobody',
      doc({ approval: { approvers: {} }, actions: [http] }),
      'name at least one person or team',
    ],
    [
      'an approval of another type',
      doc({ approval: { type: 'some', approvers: { people: ['a'] } }, actions: [http] }),
      'must be any or all',
    ],
    ['a bad timeout', doc({ actions: [{ ...http, timeout: 'soon' }] }), 'must be a duration'],
  ])('refuses %s', (_what, raw, message) => {
    expect(problems(raw).join('; ')).toContain(message);
  });

  it('answers 400 for text that is not a Playbook object', () => {
    expect(() => parsePlaybookText('[1, 2]')).toThrow('The body must be a Playbook object');
    expect(() => parsePlaybookText('kind: [')).toThrow();
  });
});
