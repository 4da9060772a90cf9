/**
 * The Kubernetes backend: pod logs through a kubeconfig connection (read by the connections module's
 * kubeconfig reader: the current context's server and credentials; exec plugins never run; pods listed
 * with the catalog's client), through the egress guard. The pods are those of the entry's namespace
 * matching the chosen labels (a `labelSelector`), or the one named by the `pod` label; each pod's log is
 * read with `timestamps=true`, `sinceTime` the window's start and at most {@link TAIL_LINES} lines, then
 * filtered by words and levels here. At most {@link MAX_PODS} pods.
 */
import type { LogLine } from '@mc/contracts';
import { z } from 'zod';
import { listAll } from '../../catalog/index.js';
import { kubeTargetOf } from '../../connections/index.js';
import { LogBackendError, type LogBackendKindDefinition } from './backend-kind.js';
import { clipLine, jsonFieldsOf, levelWanted, matchesWords, normaliseLevel, wordsOf } from './line-text.js';
import { callRemote } from './remote-http.js';

/** Most pods read per search. */
export const MAX_PODS = 20;
/** Most lines read from one pod. */
export const TAIL_LINES = 5000;

const kubernetesEntrySchema = z.object({
  /** A kubeconfig connection (`connection://kubernetes/<name>` or its id). */
  connection: z.string().min(1),
  namespace: z.string().min(1).default('default'),
});
/** One `spec.kubernetes[]` entry. */
export type KubernetesEntry = z.infer<typeof kubernetesEntrySchema>;

/** Labels with a meaning of their own here rather than a pod label. */
const RESERVED = new Set(['namespace', 'pod', 'container']);
const SEGMENT = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** The Kubernetes kind. */
export const kubernetesBackend: LogBackendKindDefinition<KubernetesEntry> = {
  kind: 'kubernetes',
  schema: kubernetesEntrySchema,
  async search(entry, query, ctx) {
    const connection = await ctx.resolveConnection(entry.connection).catch((error: Error) => {
      throw new LogBackendError('query', `kubernetes: ${error.message}`);
    });
    if (!connection.certificate)
      throw new LogBackendError('query', `kubernetes: connection ${entry.connection} holds no kubeconfig`);
    let target: ReturnType<typeof kubeTargetOf>;
    try {
      target = kubeTargetOf(connection.certificate, connection.insecure_tls === true);
    } catch (error) {
      throw new LogBackendError('query', `kubernetes: ${(error as Error).message}`);
    }
    const namespace = query.labels.namespace ?? entry.namespace;
    const podName = query.labels.pod;
    const container = query.labels.container;
    for (const value of [namespace, podName, container]) {
      if (value !== undefined && !SEGMENT.test(value))
        throw new LogBackendError('query', `'${value}' is not a valid Kubernetes name`);
    }
    const selector = Object.entries(query.labels)
      .filter(([key]) => !RESERVED.has(key))
      .map(([key, value]) => `${key}=${value}`)
      .join(',');
    let pods: string[];
    if (podName) pods = [podName];
    else {
      const path = `/api/v1/namespaces/${namespace}/pods${selector ? `?labelSelector=${encodeURIComponent(selector)}` : ''}`;
      try {
        const listed = await listAll(target, path, ctx.egress, ctx.signal, MAX_PODS);
        pods = listed.map((pod) => pod.metadata?.name ?? '').filter(Boolean);
      } catch (error) {
        throw new LogBackendError('remote', `kubernetes: ${(error as Error).message}`);
      }
    }
    const words = wordsOf(query.text);
    const lines: LogLine[] = [];
    for (const pod of pods.slice(0, MAX_PODS)) {
      const url = new URL(`${target.server}/api/v1/namespaces/${namespace}/pods/${pod}/log`);
      url.searchParams.set('timestamps', 'true');
      url.searchParams.set('sinceTime', query.start.toISOString().replace(/\.\d{3}Z$/, 'Z'));
      url.searchParams.set('tailLines', String(TAIL_LINES));
      if (container) url.searchParams.set('container', container);
      const response = await callRemote('kubernetes', ctx, { ...target, url: url.href }, 'GET');
      const labels = { namespace, pod, ...(container ? { container } : {}) };
      for (const raw of response.body.toString('utf8').split('\n')) {
        const space = raw.indexOf(' ');
        if (space < 0) continue;
        const time = new Date(raw.slice(0, space));
        const text = raw.slice(space + 1);
        if (Number.isNaN(time.getTime()) || time > query.end || !matchesWords(text, words)) continue;
        const fields = jsonFieldsOf(text);
        const level = normaliseLevel(fields?.level ?? fields?.severity);
        if (!levelWanted(level, query.levels)) continue;
        lines.push({
          timestamp: time.toISOString(),
          level,
          message: clipLine(typeof fields?.msg === 'string' ? fields.msg : text),
          labels,
          ...(fields ? { fields } : {}),
        });
      }
    }
    lines.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    const offset = Number(query.cursor ?? 0) || 0;
    return {
      lines: lines.slice(offset, offset + query.limit),
      total: lines.length,
      next: offset + query.limit < lines.length ? String(offset + query.limit) : null,
    };
  },
};
