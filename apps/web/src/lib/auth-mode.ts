/**
 * The identity provider the build targets (000 §1): 'hosted' is the organisation-based provider,
 * anything else the self-hosted, flow-based one. Only the hosted mode shows an organisation switcher
 * (the provisioning screen of 000 §8 is both modes', app/session-boundary.tsx).
 */
export function isHostedOrgMode(): boolean {
  return import.meta.env.VITE_AUTH_MODE === 'hosted';
}
