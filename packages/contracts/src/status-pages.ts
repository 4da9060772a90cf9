import { z } from 'zod';

/**
 * Status pages (issue 33 item 1): schemas of the console's editor API (`/api/status-pages`) and of what
 * anonymous readers get (`/status/{slug}.json`), with the limits both sides validate with.
 */

/** How a page is read: by anyone, or only with its read token (`?token=`). */
export const STATUS_PAGE_VISIBILITIES = ['public', 'token'] as const;
/** One of {@link STATUS_PAGE_VISIBILITIES}. */
export type StatusPageVisibility = (typeof STATUS_PAGE_VISIBILITIES)[number];

/** A service's state on a page, from the live roll-up; `unknown` is "No data", never guessed. */
export const SERVICE_STATES = ['operational', 'degraded', 'partial_outage', 'major_outage', 'unknown'] as const;
/** One of {@link SERVICE_STATES}. */
export type ServiceState = (typeof SERVICE_STATES)[number];

/** The words a reader sees for each state. */
export const SERVICE_STATE_TEXT: Readonly<Record<ServiceState, string>> = {
  operational: 'Operational',
  degraded: 'Degraded',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  unknown: 'No data',
};

/** Days of the daily uptime bar per service. */
export const STATUS_PAGE_UPTIME_DAYS = 90;
/** How long a rendered page is served from the cache before it is built again (ms). */
export const STATUS_PAGE_CACHE_MS = 10_000;
/** Services a page may show at most: a selector matching more is refused at save. */
export const STATUS_PAGE_MAX_SERVICES = 200;
/** Public incidents a page shows at most (newest first), and public updates per incident. */
export const STATUS_PAGE_MAX_INCIDENTS = 20;
export const STATUS_PAGE_MAX_UPDATES = 20;
/** Closed or resolved public incidents older than this many days leave the page. */
export const STATUS_PAGE_PAST_INCIDENT_DAYS = 14;
/** Characters a logo (path or inline image) may have. */
export const STATUS_PAGE_LOGO_MAX = 20_000;
/** Windows a badge may report uptime or latency over. */
export const BADGE_WINDOWS = ['1d', '7d', '30d', '90d'] as const;
/** One of {@link BADGE_WINDOWS}. */
export type BadgeWindow = (typeof BADGE_WINDOWS)[number];
/** What a badge shows. */
export const BADGE_KINDS = ['status', 'uptime', 'latency', 'slo'] as const;
/** One of {@link BADGE_KINDS}. */
export type BadgeKind = (typeof BADGE_KINDS)[number];

/** The messages of the editor API's 400s and 409s. */
export const STATUS_PAGE_MESSAGES = {
  slug: 'Slug is lower-case letters, digits and single dashes (60 characters at most)',
  slugTaken: 'A status page with this slug already exists',
  titleRequired: 'Title is required',
  logo: 'Logo is a path on this server (/…) or an inline image (data:image/png;base64,…) of at most 20,000 characters',
  emptySelection: 'Choose at least one component or check (by name, type or label)',
  tooMany: `The selectors match more than ${STATUS_PAGE_MAX_SERVICES} services; narrow them`,
  notFound: 'No such status page',
  partialReach:
    'A status page publishes whatever its selectors match, to anyone: only someone who may read every component and check saves or previews one',
} as const;

const selectorText = z.string().trim().min(1).max(200);

/** Which components or checks a page shows: a row matches when it matches every field given. */
export const statusPageSelectorSchema = z.strictObject({
  names: z.array(selectorText).max(100).default([]),
  types: z.array(selectorText).max(50).default([]),
  labels: z.record(z.string().trim().min(1).max(100), z.string().max(200)).default({}),
});
/** A selector as stored and answered. */
export type StatusPageSelector = z.output<typeof statusPageSelectorSchema>;

const slug = z
  .string()
  .trim()
  .max(60, STATUS_PAGE_MESSAGES.slug)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, STATUS_PAGE_MESSAGES.slug);
/**
 * A logo is a path on this server or an inline image (`data:image/…;base64,`): the page's Content
 * Security Policy loads images from nowhere else, so a remote URL would be accepted and never shown.
 */
const logoUrl = z
  .string()
  .trim()
  .max(STATUS_PAGE_LOGO_MAX, STATUS_PAGE_MESSAGES.logo)
  .refine(
    (value) =>
      /^\/[^\s"'<>\\]*$/.test(value) || /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(value),
    STATUS_PAGE_MESSAGES.logo,
  )
  .nullable();

const pageFields = {
  slug,
  title: z.string().trim().min(1, STATUS_PAGE_MESSAGES.titleRequired).max(200),
  description: z.string().trim().max(2000).default(''),
  logo_url: logoUrl.default(null),
  visibility: z.enum(STATUS_PAGE_VISIBILITIES).default('public'),
  components: statusPageSelectorSchema.default({ names: [], types: [], labels: {} }),
  checks: statusPageSelectorSchema.default({ names: [], types: [], labels: {} }),
};

/** `POST /api/status-pages` (and the preview's body). */
export const createStatusPageSchema = z.strictObject(pageFields);
/** A create body. */
export type CreateStatusPage = z.input<typeof createStatusPageSchema>;

/** `PATCH /api/status-pages/{id}`: any subset; `rotate_token` issues a new read token (shown once). */
export const updateStatusPageSchema = z.strictObject({
  slug: slug.optional(),
  title: pageFields.title.optional(),
  description: z.string().trim().max(2000).optional(),
  logo_url: logoUrl.optional(),
  visibility: z.enum(STATUS_PAGE_VISIBILITIES).optional(),
  components: statusPageSelectorSchema.optional(),
  checks: statusPageSelectorSchema.optional(),
  rotate_token: z.boolean().optional(),
});
/** An update body. */
export type UpdateStatusPage = z.input<typeof updateStatusPageSchema>;

/** A page as the console lists and edits it (never its token). */
export const statusPageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  visibility: z.enum(STATUS_PAGE_VISIBILITIES),
  components: statusPageSelectorSchema,
  checks: statusPageSelectorSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
/** A status page definition. */
export type StatusPage = z.infer<typeof statusPageSchema>;

/** A create or token-rotating answer: `token` is the read token, shown this once. */
export const statusPageSavedSchema = statusPageSchema.extend({ token: z.string().optional() });
/** A saved page, perhaps with its new token. */
export type StatusPageSaved = z.infer<typeof statusPageSavedSchema>;

/** `GET /api/status-pages`. */
export const statusPageListSchema = z.object({ data: z.array(statusPageSchema), total: z.number() });
/** `GET /api/status-pages`. */
export type StatusPageList = z.infer<typeof statusPageListSchema>;

/** One day of a service's uptime bar; `uptime` is null on a day without runs. */
export const uptimeDaySchema = z.object({ date: z.string(), uptime: z.number().nullable() });

/** One service as readers see it: only its name, state and uptime. */
export const publicServiceSchema = z.object({
  name: z.string(),
  state: z.enum(SERVICE_STATES),
  /** Uptime over the bar's days (0–100), null without runs. */
  uptime: z.number().nullable(),
  days: z.array(uptimeDaySchema),
});
/** A service on a page. */
export type PublicService = z.infer<typeof publicServiceSchema>;

/** Services under the heading the topology groups them by. */
export const publicGroupSchema = z.object({ name: z.string(), services: z.array(publicServiceSchema) });

/** A public incident with only its public updates. */
export const publicIncidentSchema = z.object({
  title: z.string(),
  status: z.string(),
  severity: z.string(),
  started_at: z.string(),
  resolved_at: z.string().nullable(),
  updates: z.array(z.object({ at: z.string(), text: z.string() })),
});
/** An incident on a page. */
export type PublicIncident = z.infer<typeof publicIncidentSchema>;

/** A scheduled or ongoing maintenance window on a page. */
export const publicMaintenanceSchema = z.object({
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  ongoing: z.boolean(),
});

/** `GET /status/{slug}.json`: everything the page publishes and nothing else. */
export const publicStatusPageSchema = z.object({
  title: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  state: z.enum(SERVICE_STATES),
  generated_at: z.string(),
  groups: z.array(publicGroupSchema),
  incidents: z.array(publicIncidentSchema),
  maintenance: z.array(publicMaintenanceSchema),
});
/** A page as its readers get it. */
export type PublicStatusPage = z.infer<typeof publicStatusPageSchema>;
