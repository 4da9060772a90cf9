import type { OpenAPIHono } from '@hono/zod-openapi';
import { ORY_BASE_PATH } from '@mc/contracts';
import type { Database } from '@mc/db';
import { authenticate, denyAnonymousApi } from '../../platform/authenticate.js';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mailer.js';
import type { AppEnv } from '../../platform/request-context.js';
import { orgTokenResolver } from '../organizations/index.js';
import { type AccessControl, createAccessControl } from '../rbac/index.js';
import { registerTokenRoutes } from '../tokens/index.js';
import { createActorResolver } from './actor-resolver.js';
import { ensureFirstAdmin } from './bootstrap-admin.js';
import { registerFlowRoutes } from './flows/flow.routes.js';
import { loginFlow } from './flows/login.flow.js';
import { recoveryFlow } from './flows/recovery.flow.js';
import { registrationFlow } from './flows/registration.flow.js';
import { settingsFlow } from './flows/settings.flow.js';
import { verificationFlow } from './flows/verification.flow.js';
import { registerInviteRoutes } from './invite.routes.js';
import { createMailer } from './mail/mailer.js';
import { registerOidcRoutes } from './oidc/oidc.routes.js';
import { oidcProviders } from './oidc/oidc-providers.js';
import { registerRecoveryLinkRoutes } from './recovery-link.routes.js';
import { registerSessionRoutes } from './session.routes.js';
import { createSessionCache } from './session-cache.js';
import { registerWhoamiRoutes } from './whoami.routes.js';

/**
 * Paths under /api anyone may call: the identity provider, the about call, and the agents' upstream API
 * (which authenticates agent tokens itself, modules/agents/upstream).
 */
export const PUBLIC_API_PREFIXES = [`${ORY_BASE_PATH}/`, '/api/about', '/api/upstream/'] as const;

/** What the identity module hands the other modules. */
export interface IdentityModule {
  access: AccessControl;
  mailer: Mailer;
  /** Settles when the first-start admin exists. */
  ready: Promise<void>;
}

/**
 * Mounts identity and access before every other router: the authentication middleware (actor from
 * session or token), the default deny of anonymous API calls, no-store on auth answers, the
 * Kratos-compatible provider under /api/.ory and who-am-I; starts the first-admin bootstrap.
 */
export function registerIdentityModule(
  app: OpenAPIHono<AppEnv>,
  deps: { config: Config; database: Database; logger: Logger; mailer?: Mailer },
): IdentityModule {
  const access = createAccessControl(deps.database);
  const mailer = deps.mailer ?? createMailer(deps.config, deps.logger);
  const sessions = createSessionCache(deps.config.MC_SESSION_CACHE_MS);
  app.use('*', sessions.clearAfterWrites);
  const sessionsAndTokens = createActorResolver(deps.database, access, sessions);
  const { MC_ORG_SERVICE_URL: serviceUrl, MC_ORG_ID: organization } = deps.config;
  // An organisation backend also accepts the organisation service's signed tokens (docs/hosted-mode.md).
  const resolver =
    serviceUrl && organization
      ? orgTokenResolver({ serviceUrl, organization, database: deps.database, access }, sessionsAndTokens)
      : sessionsAndTokens;
  app.use('*', authenticate(resolver, access.check));
  app.use('*', denyAnonymousApi(PUBLIC_API_PREFIXES));
  app.use(`${ORY_BASE_PATH}/*`, async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('/api/auth/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const authDeps = { config: deps.config, database: deps.database, mailer };
  oidcProviders(deps.config); // a bad MC_OIDC_PROVIDERS stops the start here, naming the variable
  registerFlowRoutes(app, authDeps, [loginFlow, registrationFlow, recoveryFlow, verificationFlow, settingsFlow]);
  registerOidcRoutes(app, authDeps);
  registerSessionRoutes(app, authDeps);
  registerWhoamiRoutes(app, { database: deps.database, access });
  registerInviteRoutes(app, authDeps);
  registerRecoveryLinkRoutes(app, authDeps);
  registerTokenRoutes(app, { database: deps.database });
  const ready = ensureFirstAdmin(deps.database, deps.config, deps.logger).catch((error: unknown) => {
    deps.logger.error('first-admin bootstrap failed', { error });
  });
  return { access, mailer, ready };
}
