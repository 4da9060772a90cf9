/**
 * The connections module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { CONNECTIONS_API } from './connections.openapi.js';

export { savedByOf } from './connection-access.js';
export { targetOf } from './connection-endpoint.js';
export { connectionReferencesHook } from './connection-references.hook.js';
export { assertMayReferenceAll, recordSaver, SAVED_BY_TABLES } from './connection-references.js';
export { registerConnectionsRoutes } from './connections.routes.js';
export { type ConnectionsService, connectionsServiceFor, type ResolvedConnection } from './connections.service.js';
export { checkedGitRemote, gitCurlResolve, gitSshCommand } from './git-remote.js';
export { type KubeTarget, kubeTargetOf } from './kubeconfig.js';
export { parseSqlDsn, type SqlDsn } from './sql-dsn.js';
export { openMysql } from './testers/mysql.js';
export { openPostgres } from './testers/postgres.js';
export { checkHost, describeError } from './testers/tester.js';
export {
  clusterOnlyReason,
  type ValueSourceReader,
  type ValueSourceRef,
  valueSourceReaderFor,
} from './value-sources.js';

/** What the composition root (src/composition) assembles from this module. */
export const connectionsModule = {
  name: 'connections',
  apiDocs: [{ tag: 'connections', routes: CONNECTIONS_API }],
};
