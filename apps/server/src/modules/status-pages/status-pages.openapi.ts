import {
  createStatusPageSchema,
  publicStatusPageSchema,
  statusPageListSchema,
  statusPageSavedSchema,
  statusPageSchema,
  updateStatusPageSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const badgeQuery = z.object({
  window: z.enum(['1d', '7d', '30d', '90d']).optional(),
  label: z.string().max(100).optional(),
  token: z.string().optional(),
});

/** The status pages' routes as `/api/openapi.json` describes them (docs/status-pages.md). */
export const STATUS_PAGES_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/status-pages',
    summary: 'Status pages, newest first (limit ≤ 200, offset)',
    query: z.object({ limit: z.string().optional(), offset: z.string().optional() }),
    response: statusPageListSchema,
  },
  {
    method: 'post',
    path: '/api/status-pages',
    summary: 'Create a status page; a token-protected page’s read token is answered this once',
    body: createStatusPageSchema,
    response: statusPageSavedSchema,
    status: 201,
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/status-pages/preview',
    summary: 'What an unsaved page would show its readers',
    body: createStatusPageSchema,
    response: publicStatusPageSchema,
  },
  { method: 'get', path: '/api/status-pages/{id}', summary: 'One status page', response: statusPageSchema },
  {
    method: 'patch',
    path: '/api/status-pages/{id}',
    summary: 'Edit a status page; rotate_token (or switching to token) answers a new read token once',
    body: updateStatusPageSchema,
    response: statusPageSavedSchema,
    errors: [409],
  },
  { method: 'delete', path: '/api/status-pages/{id}', summary: 'Delete a status page', status: 204 },
  {
    method: 'get',
    path: '/status/{slug}',
    summary: 'The page for anonymous readers: HTML, or JSON when the slug ends in .json (`?token=` for token pages)',
    query: z.object({ token: z.string().optional() }),
    permission: { public: true },
  },
  {
    method: 'get',
    path: '/status/{slug}/feed.atom',
    summary: 'The page’s public incidents as an Atom feed',
    query: z.object({ token: z.string().optional() }),
    permission: { public: true },
  },
  {
    method: 'get',
    path: '/status/{slug}/badge.svg',
    summary: 'A badge of the page: kind status | uptime | latency | slo over a window',
    query: badgeQuery.extend({ kind: z.enum(['status', 'uptime', 'latency', 'slo']).optional() }),
    permission: { public: true },
  },
  {
    method: 'get',
    path: '/badge/{kind}/{id}/{file}',
    summary:
      'A badge of a check or component shown on a page the reader may open: file is status.svg, uptime.svg, latency.svg or slo.svg',
    query: badgeQuery,
    permission: { public: true },
  },
];
