import type { RouteObject } from 'react-router';
import { isHostedOrgMode } from '../../lib/auth-mode';
import { ORGS_SWITCHED_PATH } from './active-organization';

/** /organizations/orgs-switched, in hosted mode only (the flow-based mode has no organisations). */
export const organizationRoutes: RouteObject[] = isHostedOrgMode()
  ? [
      {
        path: ORGS_SWITCHED_PATH,
        lazy: async () => ({ Component: (await import('./orgs-switched-page')).OrgsSwitchedPage }),
      },
    ]
  : [];
