/**
 * The identity provider the build targets (000 §1): 'hosted' is the organisation-based provider,
 * anything else the self-hosted, flow-based one. Only the hosted mode shows an organisation switcher
 * and the provisioning screen.
 */
export function isHostedOrgMode(): boolean {
  return import.meta.env.VITE_AUTH_MODE === 'hosted';
}
