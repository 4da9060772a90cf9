import { seedDemo } from '../seed/generator.js';
import { parseSeedArgs, SIZE_FLAGS } from '../seed/sizes.js';
import { migrateAndReport } from './migrate-report.js';
import { openTarget, runCli } from './open-target.js';

const USAGE = `Usage: npm run seed:demo -- [--reset] [--<size> N …]
Migrates DATABASE_URL, or the embedded database in MC_DATA_DIR (default ./data), then fills it with a demo data set.
--reset wipes the demo data first; without it another batch with distinct names is added.
Sizes: ${Object.keys(SIZE_FLAGS)
  .map((flag) => `--${flag}`)
  .join(' ')}
`;

/**
 * `npm run seed:demo`: applies any pending migration (a fresh data folder works as a first step), then
 * generates the demo (or benchmark-sized) data set and prints each step's time.
 */
async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  const { database, label } = await openTarget();
  try {
    await migrateAndReport(database, label);
    process.stdout.write(`Seeding ${label}${args.reset ? ' (reset first)' : ''}\n`);
    const report = await seedDemo(database, args.sizes, {
      reset: args.reset,
      onStep: (step) => process.stdout.write(`  ${step.step.padEnd(42)} ${String(step.millis).padStart(8)} ms\n`),
    });
    const statuses = report.sizes.checks * report.sizes.statusesPerCheck;
    process.stdout.write(
      `Batch ${report.batch} done in ${report.totalMillis} ms: ${report.sizes.checks} checks, ${statuses} check statuses, ` +
        `${report.sizes.configs} config items, ${report.sizes.incidents} incidents, ${report.sizes.comments} comments, ` +
        `${report.sizes.jobHistory} job history rows\n`,
    );
  } finally {
    await database.close();
  }
}

runCli(main);
