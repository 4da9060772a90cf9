import { CHECK_HISTORY } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../api/get-checks-summary';
import { buildCheck } from '../testing/build-check';
import { chartData } from './check-chart';
import { formatUptime, groupChecks, groupHealth, uptimePercent } from './check-groups';
import { defaultTimeRange, rangeWindow, showLastRunAge } from './check-time-range';
import {
  activeFilterCount,
  checksInTab,
  filterChecks,
  labelOptions,
  matchesLabels,
  matchesSearch,
  tabValues,
} from './dashboard-filters';
import { parseDurationFilter } from './duration-filter';
import { refreshIntervalMs } from './refresh-interval';
import { canRunNow } from './run-now-button';

describe('uptime and groups', () => {
  it('uptime is passed / (passed + failed), with no runs shown as a dash', () => {
    expect(uptimePercent({ passed: 3, failed: 1 })).toBe(75);
    expect(uptimePercent({ passed: 0, failed: 0 })).toBeNull();
    expect(formatUptime({ passed: 2, failed: 1 })).toBe('66.7%');
    expect(formatUptime({ passed: 0, failed: 0 })).toBe('-');
  });

  it('group rows sum passed and failed (not a mean of percents) and are mixed when members differ', () => {
    const groups = groupChecks(
      [
        buildCheck({ id: 'a', uptime: { passed: 9, failed: 1 }, latency: { p95: 10, p97: 0, p99: 0, rolling1h: 99 } }),
        buildCheck({
          id: 'b',
          status: 'unhealthy',
          uptime: { passed: 0, failed: 90 },
          latency: { p95: 0, p97: 30, p99: 40, rolling1h: 99 },
        }),
        buildCheck({ id: 'c', canary_name: 'db' }),
      ],
      'canary_name',
    );
    expect(groups.map((g) => g.key)).toEqual(['web', 'db']);
    expect(groups[0]?.uptime).toEqual({ passed: 9, failed: 91 });
    // the window's p95 (else p97, else p99), not the last hour's rolling1h: the latency follows the range
    expect(groups[0]?.latency).toBe(20);
    expect(groups[0]?.health).toBe('mixed');
    expect(groups[1]?.health).toBe('healthy');
    expect(groupHealth([buildCheck({ status: 'unhealthy' })])).toBe('unhealthy');
  });

  it('groups by a label key', () => {
    const groups = groupChecks(
      [buildCheck({ id: 'a', labels: { team: 'x' } }), buildCheck({ id: 'b', labels: { team: 'y' } })],
      'label:team',
    );
    expect(groups.map((g) => g.key)).toEqual(['x', 'y']);
  });
});

describe('dashboard filters', () => {
  const checks = [
    buildCheck({ id: 'a', name: 'api', namespace: 'prod', labels: { critical: 'true', team: 'x' } }),
    buildCheck({ id: 'b', name: 'db', namespace: 'dev', status: 'unhealthy', description: 'Postgres primary' }),
    buildCheck({ id: 'c', name: 'cache', namespace: 'prod', status: 'unhealthy', endpoint: 'redis://cache:6379' }),
  ];

  it('search matches name, description or endpoint', () => {
    expect(matchesSearch(checks[1] as CheckSummary, 'postgres')).toBe(true);
    expect(matchesSearch(checks[2] as CheckSummary, 'REDIS')).toBe(true);
    expect(matchesSearch(checks[0] as CheckSummary, 'nothing')).toBe(false);
  });

  it('labels include and exclude', () => {
    expect(matchesLabels(checks[0] as CheckSummary, { 'team=x': 1 })).toBe(true);
    expect(matchesLabels(checks[0] as CheckSummary, { 'team=x': -1 })).toBe(false);
    expect(matchesLabels(checks[1] as CheckSummary, { 'team=x': 1 })).toBe(false);
  });

  it('hide passing drops healthy checks; tabs are the distinct values of the tab key', () => {
    const shown = filterChecks(checks, { hidePassing: true, query: '', labels: {} });
    expect(shown.map((c) => c.id)).toEqual(['b', 'c']);
    expect(tabValues(checks, 'namespace')).toEqual(['dev', 'prod']);
    expect(tabValues(checks, 'none')).toEqual([]);
    expect(checksInTab(checks, 'namespace', 'prod').map((c) => c.id)).toEqual(['a', 'c']);
    expect(checksInTab(checks, 'namespace', 'All')).toHaveLength(3);
  });

  it('boolean label values are recognised for switches; the filter count counts Hide Passing and labels', () => {
    const options = labelOptions(checks);
    expect(options).toEqual([
      { key: 'critical', values: ['true'], boolean: true },
      { key: 'team', values: ['x'], boolean: false },
    ]);
    expect(activeFilterCount({ hidePassing: true, labels: {} })).toBe(1);
    expect(activeFilterCount({ hidePassing: false, labels: { 'team=x': 1, 'critical=true': 1 } })).toBe(2);
  });
});

describe('refresh, duration and time range rules', () => {
  it('refresh: s, m, h, d, w; 0 or none is off', () => {
    expect(refreshIntervalMs('30s')).toBe(30_000);
    expect(refreshIntervalMs('5m')).toBe(300_000);
    expect(refreshIntervalMs('1h')).toBe(3_600_000);
    expect(refreshIntervalMs('1d')).toBe(86_400_000);
    expect(refreshIntervalMs('1w')).toBe(604_800_000);
    expect(refreshIntervalMs('0')).toBeNull();
    expect(refreshIntervalMs('0s')).toBeNull();
    expect(refreshIntervalMs('none')).toBeNull();
    expect(refreshIntervalMs('5x')).toBeNull();
  });

  it('duration filter: only ms or s, else the spec message', () => {
    expect(parseDurationFilter('')).toEqual({ ok: true, ms: 0 });
    expect(parseDurationFilter('500ms')).toEqual({ ok: true, ms: 500 });
    expect(parseDurationFilter('1.5s')).toEqual({ ok: true, ms: 1500 });
    for (const bad of ['5m', '1h', 'abc', '10', 's']) {
      expect(parseDurationFilter(bad)).toEqual({ ok: false, message: CHECK_HISTORY.durationMessage });
    }
  });

  it('default time range derives from the last run age, from 1h up to 5y', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    expect(defaultTimeRange(null, now)).toBe('1h');
    expect(defaultTimeRange(ago(5), now)).toBe('1h');
    expect(defaultTimeRange(ago(90), now)).toBe('2h');
    expect(defaultTimeRange(ago(60 * 30), now)).toBe('2d');
    expect(defaultTimeRange(ago(60 * 24 * 400), now)).toBe('2y');
    expect(defaultTimeRange(ago(60 * 24 * 365 * 9), now)).toBe('5y');
    expect(rangeWindow('1d')).toBe('1440m');
  });

  it('the last-run age is hidden beyond a week', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(showLastRunAge('2026-11-21T12:00:00Z', now)).toBe(true);
    expect(showLastRunAge('2026-11-14T11:59:00Z', now)).toBe(false);
    expect(showLastRunAge(null, now)).toBe(false);
  });

  it('Run Now is for admin, editor, responder and commander only', () => {
    for (const role of ['admin', 'editor', 'responder', 'commander']) expect(canRunNow([role])).toBe(true);
    for (const role of ['viewer', 'guest']) expect(canRunNow([role])).toBe(false);
    expect(canRunNow(undefined)).toBe(false);
  });
});

describe('chart data', () => {
  it('plots uptime percent and mean latency per bucket; a bucket without runs has no uptime point', () => {
    expect(
      chartData([
        { time: '2026-11-22T10:00:00Z', status: false, duration: 120, passed: 3, failed: 1 },
        { time: '2026-11-22T10:01:00Z', status: true, duration: 0, passed: 0, failed: 0 },
      ]),
    ).toEqual([
      [1795341600, 1795341660],
      [75, null],
      [120, 0],
    ]);
  });
});
