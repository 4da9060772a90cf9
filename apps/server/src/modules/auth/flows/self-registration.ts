import type { Config } from '../../../platform/config.js';
import { isLoopbackHost } from '../../../platform/loopback-host.js';

/**
 * Whether people may create an account without an invitation. MC_SELF_REGISTRATION=on|off decides;
 * unset, it is on only for a server nobody else can reach (no MC_PUBLIC_URL and a loopback HOST,
 * the first-run default) and off for a deployment others can reach: there only invitations create
 * accounts.
 */
export function selfRegistrationEnabled(config: Config): boolean {
  if (config.MC_SELF_REGISTRATION) return config.MC_SELF_REGISTRATION === 'on';
  return !config.MC_PUBLIC_URL && isLoopbackHost(config.HOST);
}
