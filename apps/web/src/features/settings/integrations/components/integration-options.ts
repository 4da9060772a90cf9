/** A tile of the "Add Directly" section: a resource created here, and where saving returns to. */
export interface DirectOption {
  id: 'topology' | 'scraper' | 'log-backend';
  title: string;
  description: string;
  /** The generic editor's table. */
  table: 'topologies' | 'config_scrapers' | 'logging_backends';
  /** Resource whose write permission shows the tile. */
  permission: string;
  /** Where save (and cancel) go (001 §2: Catalog Scraper → /config-db, Custom Topology → /topology). */
  returnPath?: string;
  /** A tile that opens a page of its own instead of a form in the wizard. */
  href?: string;
  /** The feature whose `<name>.disable` flag hides the tile. */
  feature?: string;
}

/**
 * Where the Log Backends tile leads: the log backend form (001 §2) at its settings route, which the
 * logs area owns; the wizard links to it rather than embedding it.
 */
export const LOG_BACKEND_FORM_PATH = '/settings/logging_backends/new';

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
    href: LOG_BACKEND_FORM_PATH,
    feature: 'logs',
  },
];
