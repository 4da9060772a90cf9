/**
 * The kubernetesFile scraper (config-db's `kubernetesFile`): reads files inside the pods a selector
 * picks (a pod by name, pods by label selector, or the pods of a Deployment, StatefulSet or DaemonSet by
 * its selector) through the exec API, and makes each file (each `---` document, split by `items` when the
 * entry has it) an item. Defaults:
 * type `Kubernetes::File`, id `<pod uid>:<path>`, name `<pod>/<file name>`, the pod as parent. Uses a
 * kubeconfig connection (or an inline `kubeconfig.value`), as the kubernetes scraper does. config-db
 * without either reads the cluster it runs in (its service account); this server runs in no cluster it
 * may read, so an entry without one is refused when it is saved.
 */
import { basename } from 'node:path';
import { z } from 'zod';
import { type KubeTarget, kubeTargetOf } from '../../connections/index.js';
import { MAX_SCRAPED_FILE_BYTES, parseDocuments } from './file-documents.js';
import { type BaseEntry, baseEntryShape, itemsFromDocument, splitItems } from './item-fields.js';
import { connectionKubeTarget, type KubeObject, listAll } from './kube-client.js';
import { readPodFile } from './kube-exec.js';
import { emptyOutput, type KindContext, type KindOutput, type ScraperKind } from './scraper-kind.js';
import { strictEntry } from './strict-entry.js';

/** Most pods one entry reads from. */
export const MAX_FILE_PODS = 50;

const NO_CLUSTER =
  'a kubeconfig connection (or kubeconfig.value) is required: config-db would read the cluster it runs in, and this server reads none of its own';

const kubernetesFileEntrySchema = strictEntry({
  ...baseEntryShape,
  connection: z.string().min(1).optional(),
  kubeconfig: strictEntry({ value: z.string().min(1) }).optional(),
  selector: strictEntry({
    namespace: z.string().min(1).default('default'),
    kind: z.enum(['Pod', 'Deployment', 'StatefulSet', 'DaemonSet']).default('Pod'),
    name: z.string().min(1).optional(),
    labelSelector: z.string().min(1).optional(),
    fieldSelector: z.string().min(1).optional(),
  }),
  container: z.string().min(1).optional(),
  files: z
    .array(
      strictEntry({
        path: z.array(z.string().startsWith('/', 'must be an absolute path')).min(1),
        format: z.string().min(1).optional(),
      }),
    )
    .min(1, 'at least one file is required'),
}).refine((entry) => entry.connection !== undefined || entry.kubeconfig !== undefined, {
  message: NO_CLUSTER,
  path: ['connection'],
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
  const query = new URLSearchParams();
  if (selector) query.set('labelSelector', selector);
  if (entry.selector.fieldSelector) query.set('fieldSelector', entry.selector.fieldSelector);
  const all = await listAll(
    target,
    `/api/v1/namespaces/${ns}/pods${query.size > 0 ? `?${query}` : ''}`,
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
  const target = entry.kubeconfig
    ? kubeTargetOf(entry.kubeconfig.value, false)
    : await connectionKubeTarget(ctx, entry.connection ?? '');
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
          const documents = parseDocuments(text, path, file.format ?? entry.format).flatMap((document) =>
            splitItems(entry, document),
          );
          for (const [index, document] of documents.entries()) {
            const items = await itemsFromDocument(entry, document, {
              key: `${podUid}:${path}${index === 0 ? '' : `#${index}`}`,
              type: 'Kubernetes::File',
              name: `${podName}/${basename(path)}`,
              configClass: 'File',
              source: where,
              vars: { path, pod: podName, namespace: entry.selector.namespace },
            });
            for (const item of items) {
              if (!item.parent) item.parent = { type: 'Kubernetes::Pod', key: podUid };
              output.items.push(item);
            }
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
