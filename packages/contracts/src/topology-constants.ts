/**
 * Topology constants (statuses, limits, texts) without schemas: the console's first screen, /topology,
 * reads these, and importing them must not pull zod and the spec schemas (`topology.ts`) into it.
 */

/** The API version of a Topology document. */
export const TOPOLOGY_API_VERSION = 'canaries.flanksource.com/v1';

/** Component statuses, from worst to best; `unknown` means no check, config or child says anything. */
export const COMPONENT_STATUSES = ['unhealthy', 'warning', 'healthy', 'unknown'] as const;
/** One of {@link COMPONENT_STATUSES}. */
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** Bounds of one topology build: a bigger spec or lookup answer is refused, not truncated silently. */
export const TOPOLOGY_LIMITS = {
  /** Components one topology may build (lookup rows included). */
  maxComponents: 10_000,
  /** Nesting of `components:` in a spec. */
  maxDepth: 10,
  /** Rows one lookup may answer. */
  maxLookupRows: 2_000,
  /** Properties of one component. */
  maxProperties: 100,
  /** Bytes of one HTTP lookup answer. */
  maxHttpBytes: 4 * 1024 * 1024,
  /** One lookup's time bound. */
  lookupTimeoutMs: 30_000,
} as const;

/** Default build schedule of a topology without `spec.schedule` (canary-checker's default interval). */
export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 5m';

/** Deepest tree `/canary/api/topology` answers. */
export const MAX_TOPOLOGY_DEPTH = 10;

/** How often `/view/topology/{id}` refreshes, for wall screens. */
export const TOPOLOGY_VIEW_REFRESH_MS = 30_000;

/** Browser storage key of the components a user hid from the dashboard (a preference, 001 §2). */
export const HIDDEN_COMPONENTS_KEY = 'topology_hidden_components';

/** Texts of the topology pages. */
export const TOPOLOGY_TEXTS = {
  emptyTitle: 'No topology yet',
  emptyBody:
    'A topology describes your systems as components built from a spec: static components, SQL or HTTP lookups and catalog items, with health rolled up from their checks and configuration items.',
  addTopology: 'Add Topology',
  hide: 'Hide',
  unhide: 'Unhide',
  snapshot: 'Download Snapshot',
  runNow: 'Run Now',
} as const;
