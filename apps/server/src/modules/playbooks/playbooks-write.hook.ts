/**
 * A playbook written through `/api/db/playbooks` (spec 000 §7: POST and PATCH /playbooks, as upstream's
 * console does) is validated as a Playbook document in the write's transaction: a bad spec is a 400
 * naming every problem and nothing is stored; a good one gets its title, icon, description and category
 * from the spec. Playbooks from watched files (MC_PLAYBOOK_DIR, playbook-dir.ts) and from scrapers
 * (crdSync, scraped-playbooks.ts) stay read-only here, and no write may claim their source.
 */
import { PLAYBOOK_API_VERSION } from '@mc/contracts';
import type { JsonRecord, WriteHook } from '../rest/index.js';
import { PgrstError } from '../rest/index.js';
import { type PlaybookDocument, validatePlaybook } from './playbook-document.js';
import { setDerivedColumns } from './playbooks.repo.js';

/** Sources whose playbooks the server keeps from outside the API (MC_PLAYBOOK_DIR files, custom resources, scrapers). */
const READ_ONLY_SOURCES = new Set(['ConfigFile', 'KubernetesCRD', 'CRDSync']);

/** Where a read-only playbook comes from, for the refusal. */
const ORIGIN: Record<string, string> = {
  ConfigFile: 'a file (MC_PLAYBOOK_DIR)',
  KubernetesCRD: 'a Kubernetes custom resource',
  CRDSync: 'a scraper with crdSync',
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function documentOf(row: JsonRecord): PlaybookDocument {
  const result = validatePlaybook({
    apiVersion: PLAYBOOK_API_VERSION,
    kind: 'Playbook',
    metadata: { name: row.name, namespace: row.namespace ?? 'default' },
    spec: row.spec ?? {},
  });
  if (!result.ok) {
    throw new PgrstError(400, '23514', `Invalid playbook: ${result.errors.slice(0, 10).join('; ')}`);
  }
  return result.playbook;
}

/** The data API's hook of playbooks. */
export const playbooksWriteHook: WriteHook = async ({ images, trx }) => {
  for (const [before, after] of images) {
    if (before && READ_ONLY_SOURCES.has(String(before.source))) {
      throw new PgrstError(
        403,
        '42501',
        `Playbook '${String(before.namespace)}/${String(before.name)}' comes from ${ORIGIN[String(before.source)]} and is read-only`,
      );
    }
    if (after && READ_ONLY_SOURCES.has(String(after.source)) && after.source !== before?.source) {
      throw new PgrstError(
        403,
        '42501',
        `A playbook of source ${String(after.source)} is made by the server from its files, not through the API`,
      );
    }
    if (!after || after.deleted_at !== null) continue;
    const { spec } = documentOf(after);
    await setDerivedColumns(trx, String(after.id), {
      title: spec.title ?? text(after.title) ?? String(after.name),
      icon: spec.icon ?? text(after.icon),
      description: spec.description ?? text(after.description),
      category: spec.category ?? text(after.category) ?? '',
    });
  }
};
