import { describe, expect, it, vi } from 'vitest';
import {
  documentToResource,
  formToResource,
  parseYamlObject,
  resourceToDocument,
  resourceToForm,
  textToLabels,
  YAML_PARSE_LOG,
} from './resource-document';
import { resourceType, specTypeOf } from './resource-types';

const canaries = resourceType('canaries');
if (!canaries) throw new Error('canaries type missing');

describe('resource documents', () => {
  it('round-trips a canary through its Code-tab document', () => {
    const resource = {
      id: 'c1',
      name: 'home',
      namespace: 'web',
      labels: { team: 'sre' },
      schedule: '@every 1m',
      source: 'UI',
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://x' }] },
    };
    const document = resourceToDocument(canaries, resource);
    expect(document).toEqual({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'home', namespace: 'web', labels: { team: 'sre' } },
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://x' }] },
    });
    expect(documentToResource(canaries, document, resource)).toEqual(resource);
  });

  it('edits a single HTTP check with the HTTP form and maps its fields to the spec', () => {
    const spec = { http: [{ name: 'home', url: 'https://x', responseCodes: [201], thresholdMillis: 300 }] };
    const specType = specTypeOf(canaries, spec);
    expect(specType.id).toBe('http');
    const values = resourceToForm(canaries, specType, { name: 'home', labels: {}, spec });
    expect(values.fields).toMatchObject({
      url: 'https://x',
      method: 'GET',
      responseCode: '201',
      thresholdMillis: '300',
      auth: 'None',
      testMode: 'None',
    });
    const next = formToResource(
      canaries,
      specType,
      { ...values, schedule: '@hourly', fields: { ...values.fields, url: 'https://y' } },
      { name: 'home', labels: {}, spec },
    );
    expect(next.spec).toEqual({
      http: [{ name: 'home', url: 'https://y', method: 'GET', responseCodes: [201], thresholdMillis: 300 }],
      schedule: '@hourly',
    });
    expect(specTypeOf(canaries, { http: [{}, {}] }).kind).toBe('code');
  });

  it('ignores and logs YAML that does not parse', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseYamlObject('a: [')).toBeUndefined();
    expect(parseYamlObject('- 1')).toBeUndefined();
    expect(log).toHaveBeenCalledWith(YAML_PARSE_LOG, expect.anything());
    expect(parseYamlObject('')).toEqual({});
  });

  it('reads labels from key=value lines', () => {
    expect(textToLabels('team=sre\n\n tier = 1 \nflag')).toEqual({ team: 'sre', tier: '1', flag: '' });
  });
});
