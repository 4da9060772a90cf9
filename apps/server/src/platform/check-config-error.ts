/**
 * A problem with a check's (or a connection test's) configuration; a check run turns it into an
 * unhealthy, invalid result with this message. In platform because connections raise it too.
 */
export class CheckConfigError extends Error {
  override name = 'CheckConfigError';
}
