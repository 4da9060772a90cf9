/** Schedule choices of the editor (001 §9 "Schedule choices in the editor"). */
const EDITOR_SCHEDULES = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

/** The scraper preset set (001 §9 "For scraper: @every 15m, 30m, @hourly, 2h, 4h, @daily"). */
const SCRAPER_SCHEDULES = ['@every 15m', '@every 30m', '@hourly', '@every 2h', '@every 4h', '@daily'] as const;

/** Which preset set a resource type's Schedule offers: scrapers run less often than checks (001 §9). */
export type SchedulePreset = 'default' | 'scraper';

/** The schedule presets by set. */
export const SCHEDULE_PRESETS: Record<SchedulePreset, readonly string[]> = {
  default: EDITOR_SCHEDULES,
  scraper: SCRAPER_SCHEDULES,
};

/** HTTP methods of the HTTP check form (001 §9). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** Expected response codes offered by the HTTP check form (001 §9). */
export const HTTP_RESPONSE_CODES = [
  '200',
  '201',
  '202',
  '204',
  '301',
  '302',
  '401',
  '404',
  '500',
  '502',
  '503',
] as const;
