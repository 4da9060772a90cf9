/**
 * Secret parameters at rest: a run stores the values of its `type: secret` parameters encrypted in
 * `playbook_runs.parameters_secret` (AES-256-GCM with the server's key, platform/secrets.ts) and a mask
 * in `parameters` and `request`, which the data API and the run page show. The runner opens them to
 * render templates, and replaces them in logs and outputs (run-log-writer.ts).
 */
import type { PlaybookParameter } from '@mc/contracts';
import { type Config, loadConfig } from '../../../platform/config.js';
import { loadSecretBox, type SecretBox } from '../../../platform/secrets.js';

/** What a stored secret parameter reads as. */
export const SECRET_PARAM_MASK = '********';

const boxes = new Map<string, SecretBox>();

/** The server's secret box (MC_SECRET_KEY, else the key file of MC_DATA_DIR), loaded once per folder. */
function secretBox(config: Config | undefined): SecretBox {
  const dataDir = (config ?? loadConfig()).MC_DATA_DIR;
  const key = `${dataDir}\n${process.env.MC_SECRET_KEY ?? ''}`;
  let box = boxes.get(key);
  if (!box) {
    box = loadSecretBox({ env: process.env, dataDir });
    boxes.set(key, box);
  }
  return box;
}

/**
 * Splits a run's parameter values into what is stored in the clear (secret values masked) and the
 * sealed secret values (null when there are none).
 */
export function sealSecretParams(
  parameters: readonly PlaybookParameter[],
  values: Record<string, unknown>,
  config?: Config,
): { stored: Record<string, unknown>; sealed: string | null } {
  const secrets: Record<string, string> = {};
  for (const p of parameters) {
    const value = values[p.name];
    if (p.type === 'secret' && typeof value === 'string' && value !== '') secrets[p.name] = value;
  }
  if (Object.keys(secrets).length === 0) return { stored: values, sealed: null };
  const stored = { ...values };
  for (const name of Object.keys(secrets)) stored[name] = SECRET_PARAM_MASK;
  return { stored, sealed: secretBox(config).encrypt(JSON.stringify(secrets)) };
}

/** The secret parameter values of a run, opened (empty when it has none). */
export function openSecretParams(sealed: string | null, config?: Config): Record<string, string> {
  if (!sealed) return {};
  return JSON.parse(secretBox(config).decrypt(sealed)) as Record<string, string>; // written by sealSecretParams
}
