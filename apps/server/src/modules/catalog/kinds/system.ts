/**
 * The system scraper: this host and this installation as configuration items, so a fresh install's
 * catalog shows real items within a minute. The tree: the host (`System::Host`) holds its disks,
 * network interfaces, listening ports and the Mission Control server (`MissionControl::Server`), which
 * holds its database (`MissionControl::Database`), its canaries and its connections (names and types
 * only — never a spec's or a connection's secrets). Values that move every minute (free bytes, database
 * size) are not stored, so an idle host records no changes; disk use shows as health past 90 %/95 %.
 */
import os from 'node:os';
import type { Database } from '@mc/db';
import { z } from 'zod';
import { VERSION } from '../../../platform/version.js';
import { canariesService } from '../../health/index.js';
import { maskSchema } from './config-mask.js';
import {
  emptyOutput,
  type ItemRef,
  type KindContext,
  type KindOutput,
  type ScrapedItem,
  type ScraperKind,
} from './scraper-kind.js';
import { strictEntry } from './strict-entry.js';
import { databaseVersion } from './system.repo.js';
import { disks, listeningPorts } from './system-probes.js';

const systemEntrySchema = strictEntry({
  /** Leave parts out (all are on by default). */
  disks: z.boolean().optional(),
  interfaces: z.boolean().optional(),
  ports: z.boolean().optional(),
  installation: z.boolean().optional(),
  /** Only masks: the system items are built here, not from a document the other transforms shape. */
  transform: z
    .strictObject({ mask: z.array(maskSchema).optional() }, { message: 'a system entry supports transform.mask only' })
    .optional(),
});
/** One `spec.system[]` entry. */
export type SystemEntry = z.infer<typeof systemEntrySchema>;

function diskHealth(usedPercent: number): string {
  if (usedPercent >= 95) return 'unhealthy';
  if (usedPercent >= 90) return 'warning';
  return 'healthy';
}

function hostItems(host: ItemRef, entry: SystemEntry): ScrapedItem[] {
  const items: ScrapedItem[] = [
    {
      key: host.key,
      type: host.type,
      name: host.key,
      configClass: 'Host',
      config: {
        hostname: os.hostname(),
        os: os.type(),
        platform: os.platform(),
        release: os.release(),
        arch: os.arch(),
        cpus: os.cpus().length,
        memoryBytes: os.totalmem(),
      },
      health: 'healthy',
      status: 'Running',
      tags: { host: host.key },
      source: 'system',
    },
  ];
  if (entry.interfaces !== false) {
    for (const [name, addresses] of Object.entries(os.networkInterfaces())) {
      items.push({
        key: `${host.key}/${name}`,
        type: 'System::NetworkInterface',
        name,
        configClass: 'NetworkInterface',
        config: {
          name,
          addresses: (addresses ?? []).map((a) => ({
            address: a.address,
            family: a.family,
            cidr: a.cidr,
            mac: a.mac,
            internal: a.internal,
          })),
        },
        tags: { host: host.key },
        parent: host,
        source: 'system',
      });
    }
  }
  return items;
}

async function probeItems(host: ItemRef, entry: SystemEntry): Promise<ScrapedItem[]> {
  const items: ScrapedItem[] = [];
  if (entry.disks !== false) {
    for (const disk of await disks()) {
      items.push({
        key: `${host.key}:${disk.mount}`,
        type: 'System::Disk',
        name: disk.mount,
        configClass: 'Disk',
        config: { mount: disk.mount, device: disk.device, fstype: disk.fstype, sizeBytes: disk.sizeBytes },
        status: `${disk.usedPercent}% used`,
        health: diskHealth(disk.usedPercent),
        tags: { host: host.key },
        parent: host,
        source: 'system',
      });
    }
  }
  if (entry.ports !== false) {
    for (const port of await listeningPorts()) {
      const name = `${port.address.includes(':') ? `[${port.address}]` : port.address}:${port.port}`;
      items.push({
        key: `${host.key}/${port.protocol}/${name}`,
        type: 'System::ListeningPort',
        name,
        configClass: 'ListeningPort',
        config: port,
        status: 'Listening',
        tags: { host: host.key },
        parent: host,
        source: 'system',
      });
    }
  }
  return items;
}

async function installationItems(host: ItemRef, ctx: KindContext & { database: Database }): Promise<ScrapedItem[]> {
  const server: ItemRef = { type: 'MissionControl::Server', key: `${host.key}/mission-control` };
  const db = await databaseVersion(ctx.database);
  const items: ScrapedItem[] = [
    {
      key: server.key,
      type: server.type,
      name: 'mission-control',
      configClass: 'Application',
      config: { version: VERSION, node: process.version, engine: ctx.database.engine },
      health: 'healthy',
      status: 'Running',
      tags: { host: host.key },
      parent: host,
      source: 'system',
    },
    {
      key: `${server.key}/database`,
      type: 'MissionControl::Database',
      name: db?.database ?? 'database',
      configClass: 'Database',
      config: { engine: ctx.database.engine, version: db?.version ?? null, database: db?.database ?? null },
      health: 'healthy',
      status: 'Online',
      parent: server,
      source: 'system',
    },
  ];
  for (const canary of await canariesService(ctx.database).list()) {
    const spec = (canary.spec ?? {}) as Record<string, unknown>;
    const checkTypes = Object.entries(spec)
      .filter(([, value]) => Array.isArray(value))
      .map(([key, value]) => ({ type: key, count: (value as unknown[]).length }));
    items.push({
      key: canary.id,
      type: 'MissionControl::Canary',
      name: canary.name,
      configClass: 'Canary',
      config: {
        name: canary.name,
        namespace: canary.namespace,
        source: canary.source,
        schedule: canary.schedule,
        checks: checkTypes,
      },
      tags: { namespace: canary.namespace },
      parent: server,
      source: 'system',
    });
  }
  for (const connection of await ctx.listConnections()) {
    items.push({
      key: connection.id,
      type: 'MissionControl::Connection',
      name: connection.name,
      configClass: 'Connection',
      config: { name: connection.name, namespace: connection.namespace, type: connection.type },
      tags: { namespace: connection.namespace },
      parent: server,
      source: 'system',
    });
  }
  return items;
}

async function scrape(entry: SystemEntry, ctx: KindContext): Promise<KindOutput> {
  const output = emptyOutput();
  const host: ItemRef = { type: 'System::Host', key: os.hostname() };
  output.items.push(...hostItems(host, entry), ...(await probeItems(host, entry)));
  // an agent has no installation of its own to describe: its upstream's system scraper does that
  const { database } = ctx;
  if (entry.installation !== false && database) {
    try {
      output.items.push(...(await installationItems(host, { ...ctx, database })));
    } catch (error) {
      output.errors.push(`installation: ${(error as Error).message}`);
    }
  }
  return output;
}

/** The system scraper kind. */
export const systemKind: ScraperKind<SystemEntry> = { name: 'system', schema: systemEntrySchema, scrape };
