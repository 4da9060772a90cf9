import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      MC_DATA_DIR: './data',
      LOG_LEVEL: 'info',
      MC_ROLE: 'all',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable and why', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT="eighty": must be a number/);
    expect(attempt).toThrow(/LOG_LEVEL="loud": must be one of debug, info, warn, error/);
    expect(attempt).toThrow(/DATABASE_URL="mysql:\/\/x": must be a postgres/);
  });

  it('reads the file roots as absolute folders, refusing a relative entry instead of ignoring it', () => {
    expect(loadConfig({ MC_SCRAPER_FILE_ROOTS: '/srv/configs, /etc/app' }).MC_SCRAPER_FILE_ROOTS).toBe(
      '/srv/configs, /etc/app',
    );
    expect(() => loadConfig({ MC_SCRAPER_FILE_ROOTS: '/srv/configs,configs' })).toThrow(
      /MC_SCRAPER_FILE_ROOTS="\/srv\/configs,configs": every folder must be an absolute path/,
    );
    expect(() => loadConfig({ MC_LOG_FILE_ROOTS: './logs' })).toThrow(/MC_LOG_FILE_ROOTS=".\/logs": every folder/);
  });

  it('rejects an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/must be between 0 and 65535/);
  });

  it('reads the canary folder, refusing a blank one', () => {
    expect(loadConfig({ MC_CANARY_DIR: '/etc/canaries' }).MC_CANARY_DIR).toBe('/etc/canaries');
    expect(loadConfig({}).MC_CANARY_DIR).toBeUndefined();
    expect(() => loadConfig({ MC_CANARY_DIR: '   ' })).toThrow(/MC_CANARY_DIR=" {3}": must not be empty/);
  });

  it('reads the body limit (4 MiB by default), refusing a non-number or less than 1 KiB', () => {
    expect(loadConfig({}).MC_MAX_BODY_BYTES).toBe(4 * 1024 * 1024);
    expect(loadConfig({ MC_MAX_BODY_BYTES: '65536' }).MC_MAX_BODY_BYTES).toBe(65_536);
    expect(() => loadConfig({ MC_MAX_BODY_BYTES: 'lots' })).toThrow(/MC_MAX_BODY_BYTES="lots": must be a number/);
    expect(() => loadConfig({ MC_MAX_BODY_BYTES: '10' })).toThrow(/MC_MAX_BODY_BYTES="10"/);
  });

  it('reads the heap growing percent (50 by default, 0 for V8’s own), refusing a fraction or past 300', () => {
    expect(loadConfig({}).MC_HEAP_GROWING_PERCENT).toBe(50);
    expect(loadConfig({ MC_HEAP_GROWING_PERCENT: '0' }).MC_HEAP_GROWING_PERCENT).toBe(0);
    expect(() => loadConfig({ MC_HEAP_GROWING_PERCENT: '12.5' })).toThrow(/MC_HEAP_GROWING_PERCENT="12.5"/);
    expect(() => loadConfig({ MC_HEAP_GROWING_PERCENT: '400' })).toThrow(/MC_HEAP_GROWING_PERCENT="400"/);
  });
});

describe('database settings', () => {
  const url = 'postgres://mc@db:5432/mc';

  it('defaults to ten connections per pool kept 5 min when idle and no statement timeout', () => {
    expect(loadConfig({})).toMatchObject({
      MC_DB_POOL_MAX: 10,
      MC_DB_STATEMENT_TIMEOUT_MS: 0,
      MC_DB_POOL_IDLE_MS: 300_000,
    });
  });

  it('reads the pool size and statement timeout for PostgreSQL', () => {
    expect(
      loadConfig({
        DATABASE_URL: url,
        MC_DB_POOL_MAX: '25',
        MC_DB_STATEMENT_TIMEOUT_MS: '30000',
        MC_DB_POOL_IDLE_MS: '60000',
      }),
    ).toMatchObject({ MC_DB_POOL_MAX: 25, MC_DB_STATEMENT_TIMEOUT_MS: 30_000, MC_DB_POOL_IDLE_MS: 60_000 });
  });

  it('names bad values', () => {
    const attempt = () => loadConfig({ DATABASE_URL: url, MC_DB_POOL_MAX: '0', MC_DB_STATEMENT_TIMEOUT_MS: 'soon' });
    expect(attempt).toThrow('MC_DB_POOL_MAX="0": must be between 1 and 1000');
    expect(attempt).toThrow(/MC_DB_STATEMENT_TIMEOUT_MS="soon": must be a number/);
    expect(() => loadConfig({ DATABASE_URL: url, MC_DB_POOL_MAX: '2.5' })).toThrow(
      'MC_DB_POOL_MAX="2.5": must be a whole number',
    );
    expect(() => loadConfig({ DATABASE_URL: url, MC_DB_POOL_IDLE_MS: '10' })).toThrow(
      'MC_DB_POOL_IDLE_MS="10": must be between 1000 and 86400000',
    );
  });

  it('refuses a fraction or text for every numeric setting the same way', () => {
    expect(() => loadConfig({ MC_WORKER_CONCURRENCY: '2.5' })).toThrow(
      'MC_WORKER_CONCURRENCY="2.5": must be a whole number',
    );
    expect(() => loadConfig({ MC_JOB_LEASE_MS: 'later' })).toThrow('MC_JOB_LEASE_MS="later": must be a number');
    expect(() => loadConfig({ PORT: '80.5' })).toThrow('PORT="80.5": must be a whole number');
  });

  it('refuses them for the embedded database, which cannot honour them', () => {
    expect(() => loadConfig({ MC_DB_STATEMENT_TIMEOUT_MS: '5000' })).toThrow(
      /MC_DB_STATEMENT_TIMEOUT_MS="5000": applies only to PostgreSQL \(set DATABASE_URL\)/,
    );
    expect(() => loadConfig({ MC_DB_POOL_MAX: '4' })).toThrow(/MC_DB_POOL_MAX="4": applies only to PostgreSQL/);
    expect(() => loadConfig({ MC_DB_POOL_IDLE_MS: '60000' })).toThrow(
      /MC_DB_POOL_IDLE_MS="60000": applies only to PostgreSQL/,
    );
  });

  it('never shows a database password in a start-up error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://mc:hunter22@db/mc' })).toThrow(
      'DATABASE_URL="mysql://mc:***@db/mc": must be a postgres',
    );
  });
});
