import { fileURLToPath } from 'node:url';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import ts from 'typescript';

/** One rendered Kubernetes object. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [key: string]: unknown };
  [key: string]: unknown;
}

interface Kind {
  /** The kubernetes-models class whose validate() runs the JSON schema of that kind (ajv, compiled). */
  model: new (
    data: never,
  ) => { validate(): void };
  /** Its module and interface, for the unknown-field check. */
  module: string;
  type: string;
}

/**
 * Every kind the chart renders, with its schema: Kubernetes 1.35's API (kubernetes-models 5.1, built from
 * the Kubernetes OpenAPI definitions) and the Prometheus operator's ServiceMonitor CRD. A kind missing
 * here fails the test, so a new template cannot go unchecked.
 */
const KINDS: Record<string, Kind> = {
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment', type: 'IDeployment' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service', type: 'IService' },
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap', type: 'IConfigMap' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1/Secret', type: 'ISecret' },
  'v1/ServiceAccount': {
    model: ServiceAccount,
    module: 'kubernetes-models/v1/ServiceAccount',
    type: 'IServiceAccount',
  },
  'v1/PersistentVolumeClaim': {
    model: PersistentVolumeClaim,
    module: 'kubernetes-models/v1/PersistentVolumeClaim',
    type: 'IPersistentVolumeClaim',
  },
  'policy/v1/PodDisruptionBudget': {
    model: PodDisruptionBudget,
    module: 'kubernetes-models/policy/v1/PodDisruptionBudget',
    type: 'IPodDisruptionBudget',
  },
  'networking.k8s.io/v1/Ingress': {
    model: Ingress,
    module: 'kubernetes-models/networking.k8s.io/v1/Ingress',
    type: 'IIngress',
  },
  'networking.k8s.io/v1/NetworkPolicy': {
    model: NetworkPolicy,
    module: 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy',
    type: 'INetworkPolicy',
  },
  'monitoring.coreos.com/v1/ServiceMonitor': {
    model: ServiceMonitor,
    module: '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor',
    type: 'IServiceMonitor',
  },
};

function kindOf(manifest: Manifest): Kind {
  const kind = KINDS[`${manifest.apiVersion}/${manifest.kind}`];
  if (!kind) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}: add it to KINDS`);
  return kind;
}

function label(manifest: Manifest): string {
  return `${manifest.kind}/${manifest.metadata.name}`;
}

/**
 * Schema errors of each manifest (types, required fields, enums, formats), one line each. The
 * OpenAPI-derived schemas allow unknown fields, which {@link unknownFieldErrors} catches.
 */
export function schemaErrors(manifests: Manifest[]): string[] {
  const errors: string[] = [];
  for (const manifest of manifests) {
    try {
      new (kindOf(manifest).model)(manifest as never).validate();
    } catch (error) {
      errors.push(`${label(manifest)}: ${(error as Error).message}`);
    }
  }
  return errors;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));

/**
 * Unknown or mistyped fields at any depth, as `kubectl --validate=strict` refuses them: each manifest
 * becomes an object literal of its kind's type in a virtual TypeScript file, and the compiler's
 * excess-property check names every field the Kubernetes types do not have.
 */
export function unknownFieldErrors(manifests: Manifest[]): string[] {
  const file = `${HERE}rendered-manifests.ts`;
  const kinds = manifests.map(kindOf);
  const imports = [...new Set(kinds.map((kind) => `import type { ${kind.type} } from '${kind.module}';`))];
  const lines = [...imports];
  const owners = imports.map(() => 'imports');
  manifests.forEach((manifest, index) => {
    const literal = JSON.stringify(manifest, null, 1).split('\n');
    lines.push(`export const m${index}: ${kinds[index]?.type} = ${literal[0]}`, ...literal.slice(1));
    while (owners.length < lines.length) owners.push(label(manifest));
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'], // no DOM: half the compilation's time
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file?.fileName !== file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${owners[line] ?? 'imports'} (${lines[line]?.trim()}): ${message}`;
  });
}
