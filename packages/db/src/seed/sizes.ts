/**
 * How much demo data to generate. Every field is a row count of the batch (per check for statuses).
 * The defaults make a small, realistic demo; benchmarks raise them (1,000,000 statuses, 250,000 configs…).
 */
export interface SeedSizes {
  people: number;
  teams: number;
  canaries: number;
  checks: number;
  statusesPerCheck: number;
  /** Days of check history the statuses spread over. */
  historyDays: number;
  configs: number;
  changes: number;
  analysis: number;
  configRelationships: number;
  topologies: number;
  components: number;
  incidents: number;
  comments: number;
  playbooks: number;
  playbookRuns: number;
  notifications: number;
  silences: number;
  sendHistory: number;
  jobHistory: number;
  events: number;
}

/** A small but complete demo: every screen has something to show, failing checks and open incidents included. */
export const DEFAULT_SEED_SIZES: SeedSizes = {
  people: 12,
  teams: 3,
  canaries: 8,
  checks: 40,
  statusesPerCheck: 96,
  historyDays: 3,
  configs: 300,
  changes: 600,
  analysis: 100,
  configRelationships: 150,
  topologies: 2,
  components: 40,
  incidents: 12,
  comments: 60,
  playbooks: 6,
  playbookRuns: 30,
  notifications: 6,
  silences: 4,
  sendHistory: 60,
  jobHistory: 200,
  events: 20,
};

/** The smallest sensible sizes: the core people and teams always exist. */
export const MIN_SEED_SIZES: Partial<SeedSizes> = { people: 6, teams: 3, topologies: 0, historyDays: 1 };

/** Command-line flag (kebab case, without dashes) of each size. */
export const SIZE_FLAGS: Record<string, keyof SeedSizes> = {
  people: 'people',
  teams: 'teams',
  canaries: 'canaries',
  checks: 'checks',
  'statuses-per-check': 'statusesPerCheck',
  'history-days': 'historyDays',
  configs: 'configs',
  changes: 'changes',
  analysis: 'analysis',
  'config-relationships': 'configRelationships',
  topologies: 'topologies',
  components: 'components',
  incidents: 'incidents',
  comments: 'comments',
  playbooks: 'playbooks',
  'playbook-runs': 'playbookRuns',
  notifications: 'notifications',
  silences: 'silences',
  'send-history': 'sendHistory',
  'job-history': 'jobHistory',
  events: 'events',
};

/** What `npm run seed:demo` was asked to do. */
export interface SeedArgs {
  sizes: SeedSizes;
  reset: boolean;
  help: boolean;
}

/** Fills the sizes not given: canaries follow checks (about five checks each) unless set explicitly. */
export function resolveSizes(partial: Partial<SeedSizes> = {}): SeedSizes {
  const sizes = { ...DEFAULT_SEED_SIZES, ...partial };
  if (partial.canaries === undefined && partial.checks !== undefined) {
    sizes.canaries = Math.max(1, Math.ceil(partial.checks / 5));
  }
  for (const [key, min] of Object.entries(MIN_SEED_SIZES)) {
    const name = key as keyof SeedSizes; // keys of MIN_SEED_SIZES are SeedSizes keys
    sizes[name] = Math.max(sizes[name], min ?? 0);
  }
  if (sizes.checks > 0) sizes.canaries = Math.max(sizes.canaries, 1);
  return sizes;
}

/** Parses `--checks 10000 --configs=250000 --reset`; throws a clear message on an unknown flag or bad number. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const partial: Partial<SeedSizes> = {};
  let reset = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--reset') reset = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg.startsWith('--')) {
      const [flag = '', inline] = arg.slice(2).split('=', 2);
      const key = SIZE_FLAGS[flag];
      if (!key)
        throw new Error(
          `Unknown flag --${flag}. Flags: --reset, ${Object.keys(SIZE_FLAGS)
            .map((f) => `--${f} N`)
            .join(', ')}`,
        );
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      if (raw === undefined || raw === '' || !Number.isSafeInteger(value) || value < 0) {
        throw new Error(
          `--${flag} needs a whole number of 0 or more, got ${raw === undefined ? 'nothing' : `'${raw}'`}`,
        );
      }
      partial[key] = value;
    } else throw new Error(`Unexpected argument '${arg}'`);
  }
  return { sizes: resolveSizes(partial), reset, help };
}
