import { spawn } from 'node:child_process';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';

/** What a provisioning hook reports about a new organisation's backend. */
export interface ProvisioningReport {
  backend_url?: string;
  instance_finished?: boolean;
}

/** Where a provisioning hook's reports go (the service applies them to the organisation). */
export type ReportSink = (orgId: string, report: ProvisioningReport) => Promise<void>;

function asReport(value: unknown): ProvisioningReport | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const report: ProvisioningReport = {};
  if (typeof record.backend_url === 'string') report.backend_url = record.backend_url;
  if (typeof record.instance_finished === 'boolean') report.instance_finished = record.instance_finished;
  return Object.keys(report).length > 0 ? report : undefined;
}

/**
 * Starts the provisioning of a new organisation's backend (docs/hosted-mode.md): the command
 * MC_ORG_PROVISION_COMMAND (run by the shell with MC_ORG_ID, MC_ORG_NAME and MC_ORG_SERVICE_URL set;
 * every stdout line that is a JSON object with backend_url and/or instance_finished is a report) or the
 * webhook MC_ORG_PROVISION_WEBHOOK (POSTed {organization:{id,name}, service_url}; a JSON answer of the
 * same shape is a report). Neither set: the owner sets the address by hand. Never throws; failures are logged.
 */
export function startProvisioning(
  config: Config,
  logger: Logger,
  org: { id: string; name: string },
  serviceUrl: string,
  report: ReportSink,
): void {
  const apply = (value: unknown) => {
    const parsed = asReport(value);
    if (!parsed) return;
    report(org.id, parsed).catch((error: unknown) =>
      logger.warn('provisioning report refused', { org: org.id, error }),
    );
  };
  if (config.MC_ORG_PROVISION_COMMAND) {
    const child = spawn(config.MC_ORG_PROVISION_COMMAND, {
      shell: true,
      env: { ...process.env, MC_ORG_ID: org.id, MC_ORG_NAME: org.name, MC_ORG_SERVICE_URL: serviceUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line.startsWith('{')) {
          try {
            apply(JSON.parse(line));
          } catch {
            // not a report line
          }
        }
        newline = buffer.indexOf('\n');
      }
    });
    child.on('error', (error) => logger.warn('provisioning command failed', { org: org.id, error }));
    return;
  }
  if (config.MC_ORG_PROVISION_WEBHOOK) {
    const webhook = config.MC_ORG_PROVISION_WEBHOOK;
    void (async () => {
      try {
        const response = await fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ organization: org, service_url: serviceUrl }),
          signal: AbortSignal.timeout(30_000),
        });
        if (!response.ok) throw new Error(`webhook answered ${response.status}`);
        if (response.headers.get('content-type')?.includes('json')) apply(await response.json());
      } catch (error) {
        logger.warn('provisioning webhook failed', { org: org.id, error });
      }
    })();
  }
}
