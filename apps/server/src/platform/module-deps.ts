import type { Database } from '@mc/db';
import type { DataAccessPolicy } from './access.js';
import type { Config } from './config.js';
import type { Lifecycle } from './lifecycle.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mailer.js';

/** What every module's routes may depend on; the composition root (src/composition) builds it once. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  logger: Logger;
  version: string;
  /** The data API's access policy; set by the identity module before the other routers mount. */
  dataAccess?: DataAccessPolicy;
  /** Whether the process is draining for a shutdown (/readyz); absent in tests that never drain. */
  lifecycle?: Lifecycle;
  /** The identity provider's mailer; the SMTP one from the configuration when absent (tests record mail). */
  mailer?: Mailer;
}
