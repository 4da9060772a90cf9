/**
 * The organisations feature's public face (hosted mode). The routing table imports it statically, so it
 * hands out the switcher and the gate as loaders: imported here, their dialogs would join the entry every
 * flow-mode first screen downloads.
 */
export { organizationRoutes } from './organization-routes';

/** Loads the organisation switcher of the hosted sidebar. */
export const loadOrganizationSwitcher = () => import('./organization-switcher');

/** Loads the gate that waits for an active organisation before the hosted layout renders. */
export const loadOrganizationGate = () => import('./organization-gate');
