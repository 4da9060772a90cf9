/** A tile of the "Add Directly" section: a resource created here, and where saving returns to. */
export interface DirectOption {
  id: 'topology' | 'scraper' | 'log-backend';
  title: string;
  description: string;
  /** The generic editor's table. */
  table: 'topologies' | 'config_scrapers' | 'logging_backends';
  /** Resource whose write permission shows the tile. */
  permission: string;
  /**
   * Where save (and cancel) go (001 §2: Catalog Scraper → /config-db, Custom Topology → /topology);
   * without one, the resource's own list (Log Backends → /settings/logging_backends).
   */
  returnPath?: string;
  /** The feature whose `<name>.disable` flag hides the tile. */
  feature?: string;
}

/** The "Add Directly" tiles in the order 001 §2 lists them. */
export const DIRECT_OPTIONS: readonly DirectOption[] = [
  {
    id: 'topology',
    title: 'Custom Topology',
    description: 'A topology built from your own component specs',
    table: 'topologies',
    permission: 'topologies',
    returnPath: '/topology',
  },
  {
    id: 'scraper',
    title: 'Catalog Scraper',
    description: 'A scraper that fills the catalog',
    table: 'config_scrapers',
    permission: 'config_scrapers',
    returnPath: '/config-db',
  },
  {
    id: 'log-backend',
    title: 'Log Backends',
    description: 'A source of logs to search on the Logs page',
    table: 'logging_backends',
    permission: 'logging_backends',
    feature: 'logs',
  },
];
