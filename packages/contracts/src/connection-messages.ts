/**
 * Texts of the administration pages (connections, feature flags, agents, event queue). The spec gives
 * the save and delete toasts (001 §8: '{name} updated successfully', '{name} deleted successfully');
 * the rest say plainly what happened, so the screens and their tests share one wording.
 */
export const ADMIN_MESSAGES = {
  created: (name: string) => `${name} created successfully`,
  updated: (name: string) => `${name} updated successfully`,
  deleted: (name: string) => `${name} deleted successfully`,
  confirmDelete: (name: string) => `Are you sure you want to delete ${name}?`,
  testSucceeded: 'Connection test succeeded',
  testFailed: 'Connection test failed',
  testUnavailable: 'Connection test not available',
  secretKept: 'Stored secret kept; type to replace it',
  tokenOnce: 'Copy the token now: it is shown only this once.',
  cleanupHint: "Also mark the agent's canaries, checks, components, catalog items, scrapers and topologies deleted",
} as const;
