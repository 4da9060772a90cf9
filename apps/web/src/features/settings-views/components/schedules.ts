/** Schedule choices of the editor (001 §9). */
export const SCHEDULE_CHOICES = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

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
