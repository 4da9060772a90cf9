/**
 * The kubernetesFile scraper (config-db's `kubernetesFile`): reads files inside the pods a selector
 * picks (a pod by name, pods by label selector, or the pods of a Deployment, StatefulSet or DaemonSet by
 * its selector) through the exec API, and makes each file (each `---` document) an item. Defaults:
 * type `Kubernetes::File`, id `<pod uid>:<path>`, name `<pod>/<file name>`, the pod as parent. Uses a
 * kubeconfig connection, as the kubernetes scraper does.
 */
import { basename } from 'node:path';
import { z } from 'zod';
import type { KubeTarget } from '../../connections/index.js';
import { MAX_SCRAPED_FILE_BYTES, parseDocuments } from './file-documents.js';
import { type BaseEntry, baseEntryShape, itemFromDocument } from './item-fields.js';
import { connectionKubeTarget, type KubeObject, listAll } from './kube-client.js';
import { readPodFile } from './kube-exec.js';
import { emptyOutput, type KindContext, type KindOutput, type ScraperKind } from './scraper-kind.js';

/** Most pods one entry reads from. */
export const MAX_FILE_PODS = 50;

const kubernetesFileEntrySchema = z.object({
  ...baseEntryShape,
  connection: z.string().min(1, 'a kubeconfig connection is required'),
  selector: z.object({
    namespace: z.string().min(1).default('default'),
    kind: z.enum(['Pod', 'Deployment', 'StatefulSet', 'DaemonSet']).default('Pod'),
    name: z.string().min(1).optional(),
    labelSelector: z.string().min(1).optional(),
  }),
  container: z.string().min(1).optional(),
  files: z
    .array(
      z.object({
        path: z.array(z.string().startsWith('/', 'must be an absolute path')).min(1),
        format: z.enum(['json', 'yaml']).optional(),
      }),
    )
    .min(1, 'at least one file is required'),
});
/** One `spec.kubernetesFile[]` entry. */
export type KubernetesFileEntry = z.infer<typeof kubernetesFileEntrySchema> & BaseEntry;

const PATHS = {
  Deployment: 'apps/v1/namespaces/{ns}/deployments',
  StatefulSet: 'apps/v1/namespaces/{ns}/statefulsets',
  DaemonSet: 'apps/v1/namespaces/{ns}/daemonsets',
} as const;

async function pods(entry: KubernetesFileEntry, target: KubeTarget, ctx: KindContext): Promise<KubeObject[]> {
  const { namespace, kind, name, labelSelector } = entry.selector;
  const ns = encodeURIComponent(namespace);
  let selector = labelSelector;
  if (kind !== 'Pod') {
    if (!name) throw new Error(`selector.name is required for kind ${kind}`);
    const owners = await listAll(target, `/apis/${PATHS[kind].replace('{ns}', ns)}`, ctx.egress, ctx.signal, 1_000);
    const owner = owners.find((object) => object.metadata?.name === name);
    if (!owner) throw new Error(`${kind} ${namespace}/${name} not found`);
    const labels =
      (owner.spec as { selector?: { matchLabels?: Record<string, string> } } | undefined)?.selector?.matchLabels ?? {};
    selector = Object.entries(labels)
      .map(([key, value]) => `${key}=${value}`)
      .join(',');
  }
  const all = await listAll(
    target,
    `/api/v1/namespaces/${ns}/pods${selector ? `?labelSelector=${encodeURIComponent(selector)}` : ''}`,
    ctx.egress,
    ctx.signal,
    MAX_FILE_PODS * 4,
  );
  const chosen = kind === 'Pod' && name ? all.filter((pod) => pod.metadata?.name === name) : all;
  return chosen
    .filter((pod) => (pod.status as { phase?: string } | undefined)?.phase === 'Running')
    .slice(0, MAX_FILE_PODS);
}

async function scrape(entry: KubernetesFileEntry, ctx: KindContext): Promise<KindOutput> {
  const output = emptyOutput();
  output.rules = entry.analysis ?? [];
  const target = await connectionKubeTarget(ctx, entry.connection);
  for (const pod of await pods(entry, target, ctx)) {
    const podName = pod.metadata?.name ?? '';
    const podUid = pod.metadata?.uid ?? podName;
    for (const file of entry.files) {
      for (const path of file.path) {
        const where = `${entry.selector.namespace}/${podName}:${path}`;
        try {
          const text = await readPodFile(target, ctx.egress, ctx.signal, {
            namespace: entry.selector.namespace,
            pod: podName,
            ...(entry.container ? { container: entry.container } : {}),
            path,
            maxBytes: MAX_SCRAPED_FILE_BYTES,
          });
          for (const [index, document] of parseDocuments(text, path, file.format).entries()) {
            output.items.push(
              itemFromDocument(entry, document, {
                key: `${podUid}:${path}${index === 0 ? '' : `#${index}`}`,
                type: 'Kubernetes::File',
                name: `${podName}/${basename(path)}`,
                configClass: 'File',
                source: where,
                vars: { path, pod: podName, namespace: entry.selector.namespace },
              }),
            );
            const last = output.items.at(-1);
            if (last && !last.parent) last.parent = { type: 'Kubernetes::Pod', key: podUid };
          }
        } catch (error) {
          output.errors.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
  }
  return output;
}

/** The kubernetesFile scraper kind. */
export const kubernetesFileKind: ScraperKind<KubernetesFileEntry> = {
  name: 'kubernetesFile',
  schema: kubernetesFileEntrySchema,
  scrape,
};
