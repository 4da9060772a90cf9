import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { parseSchedule } from '../../jobs/index.js';
import { type ScheduledTask, taskScheduler } from './task-scheduler.js';

describe('agent task scheduler', () => {
  const stopping = new AbortController();
  const scheduler = taskScheduler(
    createLogger('error', {}, () => {}),
    stopping.signal,
  );
  afterEach(() => scheduler.stop(0));

  const task = (id: string, schedule: string, runs: string[]): ScheduledTask => ({
    id,
    label: id,
    fingerprint: schedule,
    schedule: parseSchedule(schedule),
    run: async () => {
      runs.push(id);
    },
  });

  it('runs a new task at once, and never a @never one (canary-checker unschedules it)', async () => {
    const runs: string[] = [];
    scheduler.reconcile([task('hourly', '@every 1h', runs), task('never', '@never', runs)], 'canary');
    await scheduler.stop(1_000);
    expect(runs).toEqual(['hourly']);
  });
});
