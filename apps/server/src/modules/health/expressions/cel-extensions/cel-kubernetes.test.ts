import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

const readyPod = {
  kind: 'Pod',
  metadata: { name: 'api-1', namespace: 'prod', labels: { app: 'api', 'pod-template-hash': 'abc' } },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
};
const crashing = {
  kind: 'Pod',
  metadata: { name: 'api-2', namespace: 'prod' },
  status: {
    phase: 'Running',
    containerStatuses: [{ name: 'api', state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m' } } }],
  },
};
const halfDeployment = { kind: 'Deployment', spec: { replicas: 2 }, status: { readyReplicas: 1 } };
const pendingIngress = { kind: 'Ingress', status: { loadBalancer: {} } };
const configMap = { kind: 'ConfigMap', data: { a: 'b' } };

describe('CEL k8s functions', () => {
  it("judges objects and canary-checker's {Object: …} wrappers", () => {
    const results = [{ Object: readyPod }, { Object: crashing }];
    expect(
      cel('dyn(results).map(i, i.Object).filter(i, !k8s.isHealthy(i)).map(i, i.metadata.name)', { results }),
    ).toEqual(['api-2']);
    expect(cel('k8s.isHealthy(results[0]) && !k8s.isHealthy(results[1])', { results })).toBe(true);
    expect(cel('k8s.getHealth(p)', { p: crashing })).toEqual({
      health: 'unhealthy',
      ready: false,
      status: 'CrashLoopBackOff',
      message: 'back-off 5m',
    });
    expect(cel('k8s.getStatus(d) + " " + k8s.getHealth(d).message', { d: halfDeployment })).toBe('Pending 1/2 ready');
    expect(cel('[k8s.isReady(i), k8s.isReady(c), IsHealthy(c)]', { i: pendingIngress, c: configMap })).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('reads quantities and labels', () => {
    expect(cel('k8s.cpuAsMillicores("250m") + k8s.cpuAsMillicores("1.5")')).toBe(1750);
    expect(cel('k8s.memoryAsBytes("1Gi") == 1073741824 && k8s.memoryAsBytes("200M") == 200000000')).toBe(true);
    expect(cel('k8s.labels(p)', { p: readyPod })).toEqual({ app: 'api', namespace: 'prod' });
    expect(() => cel('k8s.memoryAsBytes("lots")')).toThrow(/invalid quantity/);
  });
});
